import FolioSync

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
                let trimmed = coding.trimmingSpacesAndTabs().lowercased()
                if !trimmed.isEmpty { transferCodings.append(trimmed) }
            }
        case 10 where name.equalsLowercased("connection"):
            for token in String(decoding: value, as: UTF8.self).split(separator: ",") {
                let trimmed = token.trimmingSpacesAndTabs()
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
