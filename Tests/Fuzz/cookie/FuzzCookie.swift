import FolioSync

// libFuzzer entry for FolioHTTP's cookie parser (`HTTPRequest.cookies` and
// `HTTPRequest.cookies(named:)`, the one Folio reads its session cookie with),
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

/// The value the first pair named `name` carries, found the slow, obvious
/// way: bytes split into arrays (a `;` or `=` followed by a combining mark
/// is still a separator, as for any byte-wise HTTP parser).
func firstValue(named name: String, in headers: HTTPHeaders) -> String? {
    let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
    func trim(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        Array(bytes.drop(while: blanks.contains).reversed().drop(while: blanks.contains).reversed())
    }
    for header in headers.values(for: "Cookie") {
        for pair in Array(header.utf8).split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
            guard trim(pair[..<equals]) == Array(name.utf8) else { continue }
            var value = trim(pair[(equals + 1)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = Array(value.dropFirst().dropLast())
            }
            return String(decoding: value, as: UTF8.self)
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
        // Byte-wise: U+037E (Greek question mark) is canonically equal to ";"
        // as a Character, but it is not the separator byte (RFC 6265 reads octets).
        let semicolon = UInt8(ascii: ";")
        precondition(
            !name.utf8.contains(semicolon) && !value.utf8.contains(semicolon), "a ';' inside a cookie")
        precondition(name.trimmingSpacesAndTabs() == name, "name keeps surrounding whitespace")
        precondition(firstValue(named: name, in: request.headers) == value, "not the first \(name)")
    }
    // The lookup that serves requests agrees with the dictionary and the slow reading.
    let names = Array(cookies.keys.prefix(6)) + ["folio_session", "__Host-folio_session", "folio_csrf"]
    let looked = request.cookies(named: names)
    for (name, value) in zip(names, looked) {
        precondition(value == cookies[name], "cookies(named:) differs from cookies for \(name)")
        precondition(
            value == firstValue(named: name, in: request.headers), "cookies(named:) is not the first \(name)")
    }
    return 0
}
