/// A response status: the code and its reason phrase.
public struct HTTPStatus: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The three-digit code.
    public var code: Int
    /// The reason phrase sent after the code.
    public var reasonPhrase: String

    /// Creates a status; the reason phrase defaults to the standard one for `code`.
    public init(code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardPhrase(code)
    }

    /// `200` as a literal.
    public init(integerLiteral value: Int) { self.init(code: value) }

    /// `404 Not Found`
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether a response with this status carries no body (1xx, 204, 304).
    public var forbidsBody: Bool { code < 200 || code == 204 || code == 304 }

    /// `100`

    public static let `continue`: HTTPStatus = 100
    /// `200`
    public static let ok: HTTPStatus = 200
    /// `201`
    public static let created: HTTPStatus = 201
    /// `204`
    public static let noContent: HTTPStatus = 204
    /// `206`
    public static let partialContent: HTTPStatus = 206
    /// `301`
    public static let movedPermanently: HTTPStatus = 301
    /// `302`
    public static let found: HTTPStatus = 302
    /// `303`
    public static let seeOther: HTTPStatus = 303
    /// `304`
    public static let notModified: HTTPStatus = 304
    /// `400`
    public static let badRequest: HTTPStatus = 400
    /// `403`
    public static let forbidden: HTTPStatus = 403
    /// `404`
    public static let notFound: HTTPStatus = 404
    /// `405`
    public static let methodNotAllowed: HTTPStatus = 405
    /// `408`
    public static let requestTimeout: HTTPStatus = 408
    /// `413`
    public static let contentTooLarge: HTTPStatus = 413
    /// `414`
    public static let uriTooLong: HTTPStatus = 414
    /// `416`
    public static let rangeNotSatisfiable: HTTPStatus = 416
    /// `417`
    public static let expectationFailed: HTTPStatus = 417
    /// `429`
    public static let tooManyRequests: HTTPStatus = 429
    /// `431`
    public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
    /// `500`
    public static let internalServerError: HTTPStatus = 500
    /// `501`
    public static let notImplemented: HTTPStatus = 501
    /// `503`
    public static let serviceUnavailable: HTTPStatus = 503
    /// `505`
    public static let httpVersionNotSupported: HTTPStatus = 505

    private static func standardPhrase(_ code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(code)"
        }
    }
}
