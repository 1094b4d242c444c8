extension HTTPRequest {
    /// Cookies from every `Cookie` header (`a=1; b="2"`); the first of a repeated name wins,
    /// surrounding double quotes are removed, malformed pairs are skipped.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        for header in headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].trimmingASCIIWhitespace()
                var value = pair[pair.index(after: equals)...].trimmingASCIIWhitespace()
                guard !name.isEmpty else { continue }
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                if result[String(name)] == nil { result[String(name)] = String(value) }
            }
        }
        return result
    }
}
