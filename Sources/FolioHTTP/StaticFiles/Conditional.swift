import FolioSync

/// Request validators and content negotiation for static files (RFC 9110 13, 12.5.3).
enum Conditional {
    /// Whether `If-None-Match` (weak comparison, `*` matches) or, without it,
    /// `If-Modified-Since` says the client's copy is current.
    static func isNotModified(_ headers: HTTPHeaders, etag: String, modifiedSeconds: Int) -> Bool {
        let matches = headers.values(for: "If-None-Match")
        if !matches.isEmpty {
            let opaque = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
            for list in matches {
                for candidate in list.split(separator: ",") {
                    var tag = candidate.trimmingSpacesAndTabs()
                    if tag == "*" { return true }
                    if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                    if tag == opaque { return true }
                }
            }
            return false
        }
        if let since = headers["If-Modified-Since"], let seconds = DateCache.parse(since) {
            return modifiedSeconds <= seconds
        }
        return false
    }

    /// Whether `Accept-Encoding` lists `gzip` (or `*`) without `q=0`.
    static func acceptsGzip(_ headers: HTTPHeaders) -> Bool {
        for list in headers.values(for: "Accept-Encoding") {
            for item in list.split(separator: ",") {
                let parts = item.split(separator: ";")
                guard let coding = parts.first?.trimmingSpacesAndTabs(),
                    coding.equalsIgnoringASCIICase("gzip") || coding == "*"
                else { continue }
                let refused = parts.dropFirst().contains { parameter in
                    let trimmed = parameter.trimmingSpacesAndTabs()
                    guard trimmed.hasPrefix("q=") || trimmed.hasPrefix("Q=") else { return false }
                    return (Double(trimmed.dropFirst(2)) ?? 1) == 0
                }
                if !refused { return true }
            }
        }
        return false
    }
}
