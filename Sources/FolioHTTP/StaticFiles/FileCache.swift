import FolioSync

#if canImport(Glibc)
    import Glibc
#endif

/// What is known of one version of a file from `fstat` alone: enough to
/// answer `HEAD`, a `304` or a `416` without reading it.
struct FileVersion: Sendable {
    /// Size, modification time and inode: a change in any means the file changed.
    struct Identity: Sendable, Equatable {
        var size: Int
        var modifiedNanoseconds: Int
        var inode: UInt64
    }

    var identity: Identity
    /// The identity representation's strong ETag.
    var etag: String
    /// The gzip representation's: another representation, so another tag
    /// (a `304` must never confirm a copy in the other encoding).
    var gzipETag: String
    var lastModified: String
    var modifiedSeconds: Int
    var mediaType: MediaType

    init(identity: Identity, modifiedSeconds: Int, mediaType: MediaType) {
        self.identity = identity
        etag = "\"\(String(identity.size, radix: 16))-\(String(identity.modifiedNanoseconds, radix: 16))\""
        gzipETag = String(etag.dropLast()) + "-gzip\""
        lastModified = DateCache.format(modifiedSeconds)
        self.modifiedSeconds = modifiedSeconds
        self.mediaType = mediaType
    }
}

/// One file as read from disk, with its validators and (once asked) its gzip form.
struct CachedFile: Sendable {
    var version: FileVersion
    var bytes: [UInt8]
    /// nil until a client accepting gzip asks; `.some(nil)` when gzip did not help.
    var gzipped: [UInt8]?? = nil
}

/// Files read once and reused while their identity holds; shared by every loop.
final class FileCache: Sendable {
    private let files = LockedValue<[String: CachedFile]>([:])

    /// Files larger than this are never read: they are streamed from the disk
    /// with `sendfile` and never gzipped (they are not what Public/ holds).
    static let maximumCachedSize = 8 * 1024 * 1024

    /// The cached file at `path` if its identity still matches.
    func file(at path: String, identity: FileVersion.Identity) -> CachedFile? {
        files.withLock { files in
            guard let file = files[path], file.version.identity == identity else { return nil }
            return file
        }
    }

    /// Stores (or replaces) a file.
    func store(_ file: CachedFile, at path: String) {
        guard file.bytes.count <= Self.maximumCachedSize else { return }
        files.withLock { $0[path] = file }
    }

    /// The gzip form of `file`, computed at most once per identity.
    func gzipped(_ file: CachedFile, at path: String) -> [UInt8]? {
        if let known = file.gzipped { return known }
        // Not cached, so the result could not be kept: compressing it per request would cost more than it saves.
        guard file.bytes.count <= Self.maximumCachedSize else { return nil }
        var compressed = Gzip.compress(file.bytes)
        // Not worth it unless it saves something.
        if let result = compressed, result.count >= file.bytes.count { compressed = nil }
        files.withLock { files in
            if var stored = files[path], stored.version.identity == file.version.identity {
                stored.gzipped = .some(compressed)
                files[path] = stored
            }
        }
        return compressed
    }
}
