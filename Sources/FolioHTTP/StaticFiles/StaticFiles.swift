#if canImport(Glibc)
    import Glibc
#endif

/// Serves files from folders searched in order (a user's `--public`, then
/// Folio's own `Public/`): paths are checked, then opened beneath a root with
/// no symlink on the way (`PublicRoot`). A path through a symlink is resolved
/// and served only when its target lies inside one of the roots (opened
/// there, again with no symlink on the way); one leading out is refused with
/// `403` and a message saying so. Answers carry `ETag`, `Last-Modified`,
/// `Cache-Control`, `Accept-Ranges` and, for text formats when the client
/// accepts it, gzip computed once per file version. Big files are streamed.
public struct StaticFiles: Sendable {
    /// The first root, resolved with `realpath`.
    public var root: String { folders[0].path }
    /// Every root, resolved, in the order they are searched.
    public var roots: [String] { folders.map(\.path) }
    /// The `Cache-Control` value sent with every file.
    public let cacheControl: String
    let folders: [PublicRoot]
    private let cache = FileCache()

    /// Creates a file server for `root`.
    ///
    /// - Parameters:
    ///   - root: the folder to serve; it must exist.
    ///   - cacheControl: sent with every file. Default `public, max-age=3600`.
    /// - Throws: `StaticFilesError.rootNotFound` when `root` is not a folder.
    public init(root: String, cacheControl: String = "public, max-age=3600") throws(StaticFilesError) {
        try self.init(roots: [root], cacheControl: cacheControl, useOpenat2: true)
    }

    /// Creates a file server for `roots`, searched in order: a file is
    /// served from the first root that has it.
    ///
    /// - Parameters:
    ///   - roots: the folders to serve, at least one; each must exist.
    ///   - cacheControl: sent with every file. Default `public, max-age=3600`.
    /// - Throws: `StaticFilesError.rootNotFound` for the first root that is
    ///   not a folder (or when `roots` is empty).
    public init(roots: [String], cacheControl: String = "public, max-age=3600") throws(StaticFilesError) {
        try self.init(roots: roots, cacheControl: cacheControl, useOpenat2: true)
    }

    /// `useOpenat2: false` opens files the way kernels without `openat2` do (for tests).
    init(root: String, cacheControl: String = "public, max-age=3600", useOpenat2: Bool)
        throws(StaticFilesError)
    {
        try self.init(roots: [root], cacheControl: cacheControl, useOpenat2: useOpenat2)
    }

    init(roots: [String], cacheControl: String = "public, max-age=3600", useOpenat2: Bool)
        throws(StaticFilesError)
    {
        guard !roots.isEmpty else { throw .rootNotFound("") }
        var folders: [PublicRoot] = []
        for root in roots {
            guard let resolved = realpath(root, nil) else { throw .rootNotFound(root) }
            defer { free(resolved) }
            var info = stat()
            guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .rootNotFound(root)
            }
            let path = String(cString: resolved)
            guard !folders.contains(where: { $0.path == path }) else { continue }
            folders.append(PublicRoot(resolved: path, useOpenat2: useOpenat2))
        }
        self.folders = folders
        self.cacheControl = cacheControl
    }

    /// Whether files are opened with `openat2` beneath the root (Linux 5.6+), not `realpath`.
    var usesOpenat2: Bool { folders[0].usesOpenat2 }

    /// Answers `request` with the file at `relativePath` (already percent-decoded,
    /// relative to the root, without a leading slash).
    ///
    /// `400` for a path with `..`, NUL or a backslash; `404` for a missing file, a
    /// folder or a hidden file; `403` for a symlink leading out of the roots; `405` with `Allow`
    /// for methods other than GET and HEAD; `304` when the validators match.
    /// Files up to `FileCache.maximumCachedSize` are read once and kept; bigger
    /// ones are never read here: the body is a `FileRegion` the server streams
    /// with `sendfile`, and `HEAD` is answered from `fstat` alone.
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
        switch find(components.joined(separator: "/")) {
        case .found(let fd, let path):
            guard let content = load(fd, path: path) else { return .text(.notFound, "not found") }
            return answer(request, with: content)
        case .missing:
            return .text(.notFound, "not found")
        case .linkOutside:
            return .text(
                .forbidden, "refused: \(relativePath) is a symbolic link to a file outside the public folders"
            )
        }
    }

    /// A file found under the root: kept in memory, or open to be streamed.
    private enum Content {
        case cached(CachedFile, path: String)
        case streamed(FileVersion, FileRegion)

        var version: FileVersion {
            switch self {
            case .cached(let file, _): file.version
            case .streamed(let version, _): version
            }
        }

        /// The bytes in `range` (all of them when nil) as a body: copied from
        /// the cached bytes, or a region of the open file.
        func body(_ range: ClosedRange<Int>?) -> HTTPBody {
            switch self {
            case .cached(let file, _): .bytes(range.map { Array(file.bytes[$0]) } ?? file.bytes)
            case .streamed(_, let whole): .file(range.map(whole.slice) ?? whole)
            }
        }
    }

    /// Reads the open file `fd` (at `path`, for the cache) after checking it
    /// is a regular one; only when it is small enough to keep.
    private func load(_ fd: Int32, path: String) -> Content? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        let identity = FileVersion.Identity(
            size: Int(info.st_size),
            modifiedNanoseconds: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
            inode: UInt64(info.st_ino))
        let keptInMemory = identity.size <= FileCache.maximumCachedSize
        // A cache hit costs the open and the fstat alone: no validators formatted, no region.
        if keptInMemory, let cached = cache.file(at: path, identity: identity) {
            close(fd)
            return .cached(cached, path: path)
        }
        let whole = FileRegion(descriptor: fd, offset: 0, count: identity.size)
        let version = FileVersion(
            identity: identity, modifiedSeconds: Int(info.st_mtim.tv_sec), mediaType: MediaType(path: path))
        guard keptInMemory else { return .streamed(version, whole) }
        guard let bytes = whole.readAll() else { return nil }
        let file = CachedFile(version: version, bytes: bytes)
        cache.store(file, at: path)
        return .cached(file, path: path)
    }

    /// Chooses the representation (a range, gzip or the identity bytes) first,
    /// so `If-None-Match` is compared with the ETag of the one actually sent.
    private func answer(_ request: HTTPRequest, with content: Content) -> HTTPResponse {
        let version = content.version
        let size = version.identity.size
        let range = ByteRange.requested(
            by: request, length: size, etag: version.etag, modifiedSeconds: version.modifiedSeconds)
        var gzipped: [UInt8]?
        if range == .whole, case .cached(let file, let path) = content, version.mediaType.compressible,
            file.bytes.count >= 256, Conditional.acceptsGzip(request.headers)
        {
            gzipped = cache.gzipped(file, at: path)
        }
        let etag = gzipped == nil ? version.etag : version.gzipETag
        var headers: HTTPHeaders = [
            "ETag": etag, "Last-Modified": version.lastModified,
            "Cache-Control": cacheControl, "Accept-Ranges": "bytes",
        ]
        if version.mediaType.compressible { headers.add(name: "Vary", value: "Accept-Encoding") }
        if Conditional.isNotModified(
            request.headers, etag: etag, modifiedSeconds: version.modifiedSeconds)
        {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        if range == .unsatisfiable {
            var response = HTTPResponse.text(.rangeNotSatisfiable, "range not satisfiable")
            response.headers.add(name: "Content-Range", value: "bytes */\(size)")
            response.headers.add(name: "Accept-Ranges", value: "bytes")
            return response
        }
        headers.add(name: "Content-Type", value: version.mediaType.contentType)
        if let gzipped {
            headers.add(name: "Content-Encoding", value: "gzip")
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(gzipped))
        }
        guard case .part(let bytes) = range else {
            return HTTPResponse(status: .ok, headers: headers, body: content.body(nil))
        }
        headers.add(name: "Content-Range", value: "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)")
        return HTTPResponse(status: .partialContent, headers: headers, body: content.body(bytes))
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
