/// `method SP request-target SP HTTP-version`, parsed strictly: single spaces,
/// a token method, a target without spaces or control characters.
struct RequestLine {
    var method: HTTPMethod
    var target: String
    var path: String
    var query: FormFields
    var version: HTTPVersion

    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<RequestLine, HTTPParserError> {
        guard let firstSpace = line.firstIndex(of: 0x20), firstSpace > 0 else {
            return .failure(.malformedRequestLine)
        }
        let rest = UnsafeBufferPointer(rebasing: line[(firstSpace + 1)...])
        guard let secondSpace = rest.firstIndex(of: 0x20), secondSpace > 0 else {
            return .failure(.malformedRequestLine)
        }
        let methodBytes = UnsafeBufferPointer(rebasing: line[..<firstSpace])
        let targetBytes = UnsafeBufferPointer(rebasing: rest[..<secondSpace])
        let versionBytes = UnsafeBufferPointer(rebasing: rest[(secondSpace + 1)...])
        guard methodBytes.allSatisfy({ $0.isTokenCharacter }) else { return .failure(.malformedRequestLine) }
        let version: HTTPVersion
        switch parseVersion(versionBytes) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): version = parsed
        }
        guard let method = HTTPMethod(token: methodBytes) else { return .failure(.unknownMethod) }
        // Visible ASCII only: no spaces, controls, DEL or raw non-ASCII in a target.
        guard targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return .failure(.invalidTarget) }
        let target = String(decoding: targetBytes, as: UTF8.self)
        if targetBytes.first == UInt8(ascii: "/") {
            guard let (path, query) = originForm(targetBytes, target: target) else {
                return .failure(.invalidTarget)
            }
            return .success(
                RequestLine(method: method, target: target, path: path, query: query, version: version))
        }
        guard let split = RequestTarget(target), target != "*" || method == .options else {
            return .failure(.invalidTarget)
        }
        guard let path = PercentDecoding.decode(split.path.utf8, plusAsSpace: false),
            let query = try? FormFields(urlEncoded: split.query.utf8)
        else { return .failure(.invalidTarget) }
        return .success(
            RequestLine(method: method, target: target, path: path, query: query, version: version))
    }

    /// An origin-form target (`/p?q`, nearly every request) split and decoded
    /// from its bytes, as `RequestTarget` would: a path without escapes or
    /// query is the target itself, not decoded again (it is on every request).
    private static func originForm(_ bytes: UnsafeBufferPointer<UInt8>, target: String) -> (
        String, FormFields
    )? {
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = UnsafeBufferPointer(rebasing: bytes[..<(mark ?? bytes.endIndex)])
        let path: String
        if pathBytes.contains(UInt8(ascii: "%")) {
            guard let decoded = PercentDecoding.decode(pathBytes, plusAsSpace: false) else { return nil }
            path = decoded
        } else {
            // Visible ASCII (checked above): valid UTF-8 as it stands.
            path = mark == nil ? target : String(decoding: pathBytes, as: UTF8.self)
        }
        guard let mark else { return (path, FormFields()) }
        guard let query = try? FormFields(urlEncoded: UnsafeBufferPointer(rebasing: bytes[(mark + 1)...]))
        else {
            return nil
        }
        return (path, query)
    }

    /// `HTTP/1.1`, `HTTP/1.0`; another 1.x is treated as 1.1, another major is 505.
    private static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<
        HTTPVersion, HTTPParserError
    > {
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8), bytes[6] == UInt8(ascii: "."),
            let major = digit(bytes[5]), let minor = digit(bytes[7])
        else { return .failure(.malformedRequestLine) }
        guard major == 1 else { return .failure(.unsupportedVersion) }
        return .success(minor == 0 ? .http10 : .http11)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
