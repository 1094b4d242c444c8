/// Why a request was rejected before it reached the handler. Each case knows
/// the status it is answered with; the connection is closed after it.
public enum HTTPParserError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request line is longer than `HTTPLimits.requestLineBytes` (414).
    case requestLineTooLong
    /// Header fields exceed `HTTPLimits.headerBytes` (431).
    case headersTooLarge
    /// More header lines than `HTTPLimits.headerCount` (431).
    case tooManyHeaders
    /// The body exceeds `HTTPLimits.bodyBytes` (413).
    case bodyTooLarge
    /// The request line is not `method SP target SP HTTP/x.y` (400).
    case malformedRequestLine
    /// The target is not origin-form, absolute-form or `*`, or its escapes are bad (400).
    case invalidTarget
    /// A method token that FolioHTTP does not implement (501).
    case unknownMethod
    /// An HTTP major version other than 1 (505).
    case unsupportedVersion
    /// A header line with whitespace before the colon, a bad name, control
    /// characters or obsolete line folding (400).
    case invalidHeader
    /// HTTP/1.1 without `Host`, or more than one `Host` (400).
    case invalidHost
    /// `Content-Length` repeated, not plain digits, or together with `Transfer-Encoding` (400).
    case invalidContentLength
    /// A transfer coding other than `chunked` (501).
    case unsupportedTransferCoding
    /// A `Transfer-Encoding` list that does not end in exactly one `chunked`, or one on HTTP/1.0 (400).
    case invalidTransferEncoding
    /// A chunk size line that is not hex digits with optional extensions, or a chunk
    /// not followed by CRLF (400).
    case invalidChunk
    /// An `Expect` other than `100-continue` (417).
    case unsupportedExpectation
    /// More than `HTTPLimits.requestLineBytes` of empty lines before a request line (400).
    case tooManyEmptyLines
    /// A chunked body whose framing (size lines, extensions, CRLFs) passes
    /// `HTTPLimits.chunkFramingBytes` (413).
    case chunkFramingTooLarge

    /// The status the server answers with.
    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headersTooLarge, .tooManyHeaders: .requestHeaderFieldsTooLarge
        case .bodyTooLarge, .chunkFramingTooLarge: .contentTooLarge
        case .unknownMethod, .unsupportedTransferCoding: .notImplemented
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedExpectation: .expectationFailed
        case .malformedRequestLine, .invalidTarget, .invalidHeader, .invalidHost, .invalidContentLength,
            .invalidTransferEncoding, .invalidChunk, .tooManyEmptyLines:
            .badRequest
        }
    }

    /// A short message for the response body.
    public var description: String {
        switch self {
        case .requestLineTooLong: "request line too long"
        case .headersTooLarge: "header fields too large"
        case .tooManyHeaders: "too many header fields"
        case .bodyTooLarge: "request body too large"
        case .malformedRequestLine: "malformed request line"
        case .invalidTarget: "invalid request target"
        case .unknownMethod: "method not implemented"
        case .unsupportedVersion: "HTTP version not supported"
        case .invalidHeader: "malformed header field"
        case .invalidHost: "exactly one Host header is required"
        case .invalidContentLength: "invalid Content-Length"
        case .unsupportedTransferCoding: "transfer coding not implemented"
        case .invalidTransferEncoding: "invalid Transfer-Encoding"
        case .invalidChunk: "malformed chunked body"
        case .unsupportedExpectation: "expectation not supported"
        case .tooManyEmptyLines: "too many empty lines before the request line"
        case .chunkFramingTooLarge: "chunked framing too large"
        }
    }
}
