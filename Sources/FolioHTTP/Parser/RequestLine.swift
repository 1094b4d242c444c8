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
        guard let split = RequestTarget(target), target != "*" || method == .options else {
            return .failure(.invalidTarget)
        }
        guard let path = PercentDecoding.decode(split.path.utf8, plusAsSpace: false),
            let query = try? FormFields(urlEncoded: split.query.utf8)
        else { return .failure(.invalidTarget) }
        return .success(
            RequestLine(method: method, target: target, path: path, query: query, version: version))
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

/// What the head's framing and connection headers said, gathered line by line.
struct FieldSummary {
    var hostCount = 0
    var contentLength: Int?
    var contentLengthSeen = false
    var transferCodings: [String] = []
    var transferEncodingSeen = false
    var connectionClose = false
    var connectionKeepAlive = false
    var expectsContinue = false

    /// Notes one field; returns an error when it alone is enough to reject the request.
    mutating func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)
        -> HTTPParserError?
    {
        switch name.count {
        case 4 where name.equalsLowercased("host"):
            hostCount += 1
        case 14 where name.equalsLowercased("content-length"):
            // Repeated (even equal) or non-digit lengths are smuggling vectors: reject.
            guard !contentLengthSeen, (1...18).contains(value.count),
                value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return .invalidContentLength }
            contentLengthSeen = true
            contentLength = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        case 17 where name.equalsLowercased("transfer-encoding"):
            transferEncodingSeen = true
            for coding in String(decoding: value, as: UTF8.self).split(separator: ",") {
                let trimmed = coding.trimmingASCIIWhitespace().lowercased()
                if !trimmed.isEmpty { transferCodings.append(trimmed) }
            }
        case 10 where name.equalsLowercased("connection"):
            for token in String(decoding: value, as: UTF8.self).split(separator: ",") {
                let trimmed = token.trimmingASCIIWhitespace()
                if trimmed.equalsIgnoringASCIICase("close") { connectionClose = true }
                if trimmed.equalsIgnoringASCIICase("keep-alive") { connectionKeepAlive = true }
            }
        case 6 where name.equalsLowercased("expect"):
            guard value.equalsLowercased("100-continue") else { return .unsupportedExpectation }
            expectsContinue = true
        default:
            break
        }
        return nil
    }

    /// How the body is delimited (RFC 9112 6.3), or why that is doubtful.
    func framing(version: HTTPVersion) -> Result<HeadParser.Framing, HTTPParserError> {
        if transferEncodingSeen {
            if contentLengthSeen { return .failure(.invalidContentLength) }
            if version == .http10 { return .failure(.invalidTransferEncoding) }
            if transferCodings.contains(where: { $0 != "chunked" }) {
                return .failure(.unsupportedTransferCoding)
            }
            guard transferCodings.count == 1 else { return .failure(.invalidTransferEncoding) }
            return .success(.chunked)
        }
        if let contentLength, contentLength > 0 { return .success(.length(contentLength)) }
        return .success(.none)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes equal `lowercase` ignoring ASCII case.
    func equalsLowercased(_ lowercase: StaticString) -> Bool {
        guard count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<count where self[index].asciiLowercased != expected[index] { return false }
        return true
    }
}
