import FolioHTTP
import FolioSync

/// Where a request path leads, relative to the base path (the routes of
/// `HTTPInterface.md`). Matching knows nothing of the configured pagers: an
/// unknown pager or page is found out (404) when the route is handled.
enum Route: Equatable, Sendable {
    /// `GET /`: the index of pagers.
    case index
    /// `GET /healthz`.
    case health
    /// `GET /public/...`: a static file, path relative to `Public/`.
    case publicFile(String)
    /// `GET /{pager}`: the session's current selection.
    case pager(String)
    /// `GET /{pager}/{page}`: the canonical URL of a page.
    case page(String, String)
    /// `POST /{pager}/select`.
    case select(String)
    /// `POST /{pager}/scroll`.
    case scroll(String)
    /// `GET /{pager}/state`.
    case state(String)
    /// `GET /{pager}/fragment`.
    case fragment(String)
    /// `GET /{pager}/pager.css`.
    case stylesheet(String)
    /// `GET /{pager}/{page}/panel`: the page's panel content alone, read-only
    /// (folio.js fetches a neighbour's while the reader drags towards it).
    case panel(String, String)
    /// `GET /{pager}/events`: a live pager's event stream (`text/event-stream`).
    case events(String)
    /// `GET /playlist/{name}`: a wall screen's playlist (`playlist` is no pager's key).
    case playlist(String)

    /// The pager a route is about, if any.
    var pagerKey: String? {
        switch self {
        case .index, .health, .publicFile, .playlist: nil
        case .pager(let key), .page(let key, _), .select(let key), .scroll(let key), .state(let key),
            .fragment(let key), .stylesheet(let key), .panel(let key, _), .events(let key):
            key
        }
    }

    /// The methods the route answers; anything else is `405` with `Allow`.
    var allowedMethods: [HTTPMethod] {
        switch self {
        case .select, .scroll: Self.postOnly
        default: Self.getAndHead
        }
    }

    // Shared, so checking a request's method allocates nothing.
    private static let postOnly: [HTTPMethod] = [.post]
    private static let getAndHead: [HTTPMethod] = [.get, .head]

    /// Matches a decoded request path under `basePath` (`""` or `/a/b`).
    /// - Returns: `nil` when the path is outside the base path or has a
    ///   shape no route has (answered `404`).
    static func match(path: String, basePath: String) -> Route? {
        // Over the bytes in place, by offset (the separators are ASCII):
        // this runs for every request, and stepping through `Substring`s
        // took a reference to the path at each step. Strings are made
        // only for the parts a route keeps.
        path.withUTF8InPlace { path in
            basePath.withUTF8InPlace { basePath in match(path, basePath: basePath) }
        }
    }

    private static func match(_ path: UnsafeBufferPointer<UInt8>, basePath: UnsafeBufferPointer<UInt8>)
        -> Route?
    {
        let slash = UInt8(ascii: "/")
        var rest = path[...]
        if !basePath.isEmpty {
            guard rest.starts(with: basePath) else { return nil }
            rest = rest.dropFirst(basePath.count)
            guard rest.isEmpty || rest.first == slash else { return nil }
        }
        if rest.isEmpty || (rest.count == 1 && rest.first == slash) { return .index }
        guard rest.first == slash else { return nil }
        rest = rest.dropFirst()
        if rest.starts(with: "public/".utf8) {
            let file = rest.dropFirst("public/".utf8.count)
            return file.isEmpty ? nil : .publicFile(text(file))
        }
        // A trailing slash names the same resource (`/essence/`).
        if rest.last == slash { rest = rest.dropLast() }
        guard !rest.isEmpty else { return nil }
        // One or two non-empty segments, or a page's `panel`.
        guard let split = rest.firstIndex(of: slash) else {
            return rest.elementsEqual("healthz".utf8) ? .health : .pager(text(rest))
        }
        let pager = rest[..<split]
        let second = rest[(split + 1)...]
        guard !pager.isEmpty, !second.isEmpty else { return nil }
        let key = text(pager)
        if let pageEnd = second.firstIndex(of: slash) {
            let page = second[..<pageEnd]
            guard !page.isEmpty, second[(pageEnd + 1)...].elementsEqual("panel".utf8) else { return nil }
            return .panel(key, text(page))
        }
        if pager.elementsEqual("playlist".utf8) { return .playlist(text(second)) }
        switch text(second) {
        case "select": return .select(key)
        case "scroll": return .scroll(key)
        case "state": return .state(key)
        case "fragment": return .fragment(key)
        case "pager.css": return .stylesheet(key)
        case "events": return .events(key)
        case let page: return .page(key, page)
        }
    }

    private static func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
