#if canImport(Glibc)
    import Glibc
#endif

/// Serves files from one folder (Folio's `Public/`): paths are checked, then
/// resolved with `realpath` and must stay under the root, so `..` and symlinks
/// pointing out are refused. Answers carry `ETag`, `Last-Modified`,
/// `Cache-Control` and, for text formats when the client accepts it, gzip
/// computed once per file version.
public struct StaticFiles: Sendable {
    /// The root, resolved with `realpath`.
    public let root: String
    /// The `Cache-Control` value sent with every file.
    public let cacheControl: String
    private let cache = FileCache()

    /// Creates a file server for `root`.
    ///
    /// - Parameters:
    ///   - root: the folder to serve; it must exist.
    ///   - cacheControl: sent with every file. Default `public, max-age=3600`.
    /// - Throws: `StaticFilesError.rootNotFound` when `root` is not a folder.
    public init(root: String, cacheControl: String = "public, max-age=3600") throws(StaticFilesError) {
        guard let resolved = realpath(root, nil) else { throw .rootNotFound(root) }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .rootNotFound(root)
        }
        self.root = String(cString: resolved)
        self.cacheControl = cacheControl
    }

    /// Answers `request` with the file at `relativePath` (already percent-decoded,
    /// relative to the root, without a leading slash).
    ///
    /// `400` for a path with `..`, NUL or a backslash; `404` for a missing file, a
    /// folder, a hidden file or one resolving outside the root; `405` with `Allow`
    /// for methods other than GET and HEAD; `304` when the validators match.
    public func response(for request: HTTPRequest, path relativePath: String) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return .methodNotAllowed(allowed: [.get, .head])
        }
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        if relativePath.utf8.contains(0) || relativePath.contains("\\") || components.contains("..") {
            return .text(.badRequest, "bad path")
        }
        if components.isEmpty || components.contains(where: { $0.hasPrefix(".") }) {
            return .text(.notFound, "not found")
        }
        guard let file = load(components.joined(separator: "/")) else { return .text(.notFound, "not found") }
        return answer(request, with: file.file, at: file.path)
    }

    /// Resolves and reads (or finds in the cache) the file.
    private func load(_ relative: String) -> (file: CachedFile, path: String)? {
        guard let resolvedPointer = realpath(root + "/" + relative, nil) else { return nil }
        let resolved = String(cString: resolvedPointer)
        free(resolvedPointer)
        guard resolved.hasPrefix(root + "/") else { return nil }  // a symlink out of the root
        // O_NOFOLLOW: a symlink swapped in after realpath is refused, not followed.
        let fd = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let identity = CachedFile.Identity(
            size: Int(info.st_size),
            modifiedNanoseconds: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino))
        if let cached = cache.file(at: resolved, identity: identity) { return (cached, resolved) }
        guard let bytes = Self.readAll(fd, size: identity.size) else { return nil }
        let seconds = Int(info.st_mtim.tv_sec)
        let file = CachedFile(
            identity: identity, bytes: bytes,
            etag:
                "\"\(String(identity.size, radix: 16))-\(String(identity.modifiedNanoseconds, radix: 16))\"",
            lastModified: DateCache.format(seconds), modifiedSeconds: seconds,
            mediaType: MediaType(path: resolved), gzipped: nil)
        cache.store(file, at: resolved)
        return (file, resolved)
    }

    private static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, size - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return bytes
    }

    private func answer(_ request: HTTPRequest, with file: CachedFile, at path: String) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "ETag": file.etag, "Last-Modified": file.lastModified, "Cache-Control": cacheControl,
        ]
        if file.mediaType.compressible { headers.add(name: "Vary", value: "Accept-Encoding") }
        if Conditional.isNotModified(request.headers, etag: file.etag, modifiedSeconds: file.modifiedSeconds)
        {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: file.mediaType.contentType)
        if file.mediaType.compressible, file.bytes.count >= 256, Conditional.acceptsGzip(request.headers),
            let gzipped = cache.gzipped(file, at: path)
        {
            headers.add(name: "Content-Encoding", value: "gzip")
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(gzipped))
        }
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(file.bytes))
    }
}

/// Why `StaticFiles` could not be created.
public enum StaticFilesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The root does not exist or is not a folder.
    case rootNotFound(String)

    /// A short human-readable message.
    public var description: String {
        switch self {
        case .rootNotFound(let path): "static files root not found: \(path)"
        }
    }
}
