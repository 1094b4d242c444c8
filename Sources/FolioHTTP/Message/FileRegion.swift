#if canImport(Glibc)
    import Glibc
#endif

/// Part of an open file, sent as a response body without being read into
/// memory: the server hands it to `sendfile(2)` piece by piece as the socket
/// drains. It owns its descriptor and closes it when the last reference goes,
/// whether the body was sent, left out (`HEAD`, a `304`) or dropped unsent.
public final class FileRegion: Sendable, Hashable {
    /// The open, read-only descriptor.
    public let descriptor: Int32
    /// Where the region starts in the file.
    public let offset: Int
    /// The region's length in bytes.
    public let count: Int

    /// Wraps `descriptor`, which the region now owns and closes.
    ///
    /// - Parameters:
    ///   - descriptor: an open descriptor of a regular file.
    ///   - offset: where the region starts; negative counts as 0.
    ///   - count: how many bytes to send from `offset`; negative counts as 0.
    public init(descriptor: Int32, offset: Int, count: Int) {
        self.descriptor = descriptor
        self.offset = max(0, offset)
        self.count = max(0, count)
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Reads the whole region with `pread`, for callers that need the bytes
    /// (tests, `folio render`); the server never does. Blocks on the disk.
    ///
    /// - Returns: the bytes, or nil when the file is shorter than the region or a read fails.
    public func readAll() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return nil }
            done += result
        }
        return bytes
    }

    public static func == (left: FileRegion, right: FileRegion) -> Bool { left === right }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
