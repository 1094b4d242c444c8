import FolioHTTP

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
        // Byte-wise throughout (the separators are ASCII): this runs for every
        // request, so it builds no arrays and compares no `Character`s.
        let slash = UInt8(ascii: "/")
        var rest = Substring(path)
        if !basePath.isEmpty {
            guard rest.utf8.starts(with: basePath.utf8) else { return nil }
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: basePath.utf8.count)...]
            guard rest.isEmpty || rest.utf8.first == slash else { return nil }
        }
        if rest.isEmpty || (rest.utf8.count == 1 && rest.utf8.first == slash) { return .index }
        guard rest.utf8.first == slash else { return nil }
        rest = rest[rest.utf8.index(after: rest.startIndex)...]
        if rest.utf8.starts(with: "public/".utf8) {
            let file = rest[rest.utf8.index(rest.startIndex, offsetBy: "public/".utf8.count)...]
            return file.isEmpty ? nil : .publicFile(String(file))
        }
        // A trailing slash names the same resource (`/essence/`).
        if rest.utf8.last == slash { rest = rest[..<rest.utf8.index(before: rest.endIndex)] }
        guard !rest.isEmpty else { return nil }
        // One or two non-empty segments, or a page's `panel`.
        guard let split = rest.utf8.firstIndex(of: slash) else {
            return rest == "healthz" ? .health : .pager(String(rest))
        }
        let pager = rest[..<split]
        let second = rest[rest.utf8.index(after: split)...]
        guard !pager.isEmpty, !second.isEmpty else { return nil }
        let key = String(pager)
        if key == "playlist", !second.utf8.contains(slash) { return .playlist(String(second)) }
        if let pageEnd = second.utf8.firstIndex(of: slash) {
            let page = second[..<pageEnd]
            guard !page.isEmpty, second[second.utf8.index(after: pageEnd)...] == "panel" else { return nil }
            return .panel(key, String(page))
        }
        switch second {
        case "select": return .select(key)
        case "scroll": return .scroll(key)
        case "state": return .state(key)
        case "fragment": return .fragment(key)
        case "pager.css": return .stylesheet(key)
        case "events": return .events(key)
        default: return .page(key, String(second))
        }
    }
}
