import FolioHTTP

/// Where a request path leads, relative to the base path (DESIGN.md,
/// "HTTP interface"). Matching knows nothing of the configured pagers: an
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

    /// The pager a route is about, if any.
    var pagerKey: String? {
        switch self {
        case .index, .health, .publicFile: nil
        case .pager(let key), .page(let key, _), .select(let key), .scroll(let key), .state(let key),
            .fragment(let key), .stylesheet(let key):
            key
        }
    }

    /// The methods the route answers; anything else is `405` with `Allow`.
    var allowedMethods: [HTTPMethod] {
        switch self {
        case .select, .scroll: [.post]
        default: [.get, .head]
        }
    }

    /// Matches a decoded request path under `basePath` (`""` or `/a/b`).
    /// - Returns: `nil` when the path is outside the base path or has a
    ///   shape no route has (answered `404`).
    static func match(path: String, basePath: String) -> Route? {
        var rest = Substring(path)
        if !basePath.isEmpty {
            guard rest.hasPrefix(basePath) else { return nil }
            rest = rest.dropFirst(basePath.count)
            guard rest.isEmpty || rest.hasPrefix("/") else { return nil }
        }
        if rest.isEmpty || rest == "/" { return .index }
        guard rest.hasPrefix("/") else { return nil }
        rest = rest.dropFirst()
        if rest.hasPrefix("public/") {
            let file = rest.dropFirst("public/".count)
            return file.isEmpty ? nil : .publicFile(String(file))
        }
        // A trailing slash names the same resource (`/essence/`).
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        switch parts.count {
        case 1:
            return parts[0] == "healthz" ? .health : .pager(parts[0])
        case 2:
            let pager = parts[0]
            switch parts[1] {
            case "select": return .select(pager)
            case "scroll": return .scroll(pager)
            case "state": return .state(pager)
            case "fragment": return .fragment(pager)
            case "pager.css": return .stylesheet(pager)
            default: return .page(pager, parts[1])
            }
        default:
            return nil
        }
    }
}
