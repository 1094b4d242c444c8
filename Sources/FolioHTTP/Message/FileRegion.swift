#if canImport(Glibc)
    import Glibc
#endif

/// Part of an open file, sent as a response body without being read into
/// memory: the server hands it to `sendfile(2)` piece by piece as the socket
/// drains. It owns its descriptor and closes it when the last reference goes,
/// whether the body was sent, left out (`HEAD`, a `304`) or dropped unsent.
public final class FileRegion: Sendable, Hashable {
    /// The open, read-only descriptor.
    public var descriptor: Int32 { owner.descriptor }
    /// Where the region starts in the file.
    public let offset: Int
    /// The region's length in bytes.
    public let count: Int
    /// Closes the descriptor once no region of it is left.
    private let owner: Owner

    /// Wraps `descriptor`, which the region now owns and closes.
    ///
    /// - Parameters:
    ///   - descriptor: an open descriptor of a regular file.
    ///   - offset: where the region starts; negative counts as 0.
    ///   - count: how many bytes to send from `offset`; negative counts as 0.
    public convenience init(descriptor: Int32, offset: Int, count: Int) {
        self.init(owner: Owner(descriptor: descriptor), offset: offset, count: count)
    }

    private init(owner: Owner, offset: Int, count: Int) {
        self.owner = owner
        self.offset = max(0, offset)
        self.count = max(0, count)
    }

    /// The bytes `range` (counted from this region's start, clamped to it) of
    /// the same descriptor, which stays open while either region lives.
    func slice(_ range: ClosedRange<Int>) -> FileRegion {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(range.upperBound + 1, count)
        return FileRegion(owner: owner, offset: offset + lower, count: max(0, upper - lower))
    }

    /// Reads the whole region with `pread`, for callers that need the bytes
    /// (a small static file on its way into the cache, tests, `folio render`).
    /// Blocks on the disk.
    ///
    /// - Returns: the bytes, or nil when the file is shorter than the region or a read fails.
    public func readAll() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = try? bytes.withUnsafeMutableBytes { raw throws(POSIXCallError) in
                try syscallRetrying("pread") {
                    pread(descriptor, raw.baseAddress! + done, count - done, off_t(offset + done))
                }
            }
            guard let read, read > 0 else { return nil }
            done += read
        }
        return bytes
    }

    public static func == (left: FileRegion, right: FileRegion) -> Bool { left === right }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private final class Owner: Sendable {
        let descriptor: Int32

        init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { _ = Glibc.close(descriptor) }
    }
}
