// libFuzzer entry for FolioHTTP's cookie parser (`HTTPRequest.cookies`),
// built by `scripts/fuzz cookie` together with Sources/FolioHTTP/{Parser,Message}.
//
// The input is split at line feeds into several `Cookie` headers. Besides
// "never crash", it checks what the session lookup relies on:
// - every name is non-empty and every name and value is free of `;` and of
//   surrounding spaces (so `a=1; folio_session=x` cannot smuggle a value);
// - the first of a repeated name wins, across headers too;
// - parsing is a function of the headers (the same input, the same result).

/// Cookie headers from the fuzzer's bytes: one per line, at most 16.
func cookieHeaders(_ bytes: [UInt8]) -> HTTPHeaders {
    var headers = HTTPHeaders()
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(16) {
        headers.add(name: "Cookie", value: String(decoding: line, as: UTF8.self))
    }
    return headers
}

/// The value the first pair named `name` carries, found the slow, obvious way.
func firstValue(named name: String, in headers: HTTPHeaders) -> String? {
    for header in headers.values(for: "Cookie") {
        for pair in header.split(separator: ";") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            if pair[..<equals].trimmingASCIIWhitespace() == name {
                var value = pair[pair.index(after: equals)...].trimmingASCIIWhitespace()
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = value.dropFirst().dropLast()
                }
                return String(value)
            }
        }
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookie(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let request = HTTPRequest(method: .get, target: "/", headers: cookieHeaders(bytes))
    let cookies = request.cookies
    precondition(cookies == request.cookies, "the same headers parsed twice differ")
    for (name, value) in cookies {
        precondition(!name.isEmpty, "empty cookie name")
        precondition(!name.contains(";") && !value.contains(";"), "a ';' inside a cookie")
        precondition(name.trimmingASCIIWhitespace() == name, "name keeps surrounding whitespace")
        precondition(firstValue(named: name, in: request.headers) == value, "not the first \(name)")
    }
    return 0
}
