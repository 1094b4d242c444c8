import FolioHTTP
import FolioSync

/// The cookies a browser keeps for one site: `Set-Cookie` in, `Cookie` out.
/// Paths and domains are not checked (a browser talks to one Folio).
struct CookieJar: Sendable {
    private(set) var cookies: [(name: String, value: String)] = []

    /// Stores or deletes (`Max-Age=0`) the cookies a response sets.
    mutating func store(from headers: HTTPHeaders) {
        for header in headers.values(for: "Set-Cookie") {
            let parts = header.split(separator: ";").map { String($0).trimmingSpacesAndTabs() }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            let expired = parts.dropFirst().contains {
                $0.lowercased().hasPrefix("max-age=") && $0.hasSuffix("=0")
            }
            cookies.removeAll { $0.name == name }
            if !expired { cookies.append((name, value)) }
        }
    }

    /// The `Cookie` header value, or `nil` with no cookies.
    var header: String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// The value of the cookie `name`.
    subscript(name: String) -> String? {
        cookies.first { $0.name == name }?.value
    }

    mutating func removeAll() { cookies.removeAll() }
}
