/// One parsed request, handed to `HTTPHandler.handle(_:)`.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The request target exactly as sent (`/a%20b?x=1`).
    public var target: String
    /// The target's path, percent-decoded once (`/a b`); `+` stays `+`.
    public var path: String
    /// The decoded query string (UTF-8, `+` as space); empty without one.
    public var query: FormFields
    /// HTTP/1.0 or HTTP/1.1.
    public var version: HTTPVersion
    /// The header fields in order.
    public var headers: HTTPHeaders
    /// The body, de-chunked; empty when the request had none.
    public var body: [UInt8]
    /// Whether the connection stays open after this request (RFC 9112 section 9.3).
    public var keepAlive: Bool
    /// The numeric address of the peer that sent it (`127.0.0.1`, `::1`),
    /// set by the server from the socket (`unknown` when the socket cannot
    /// say); `nil` only for a request built in process (tests, an
    /// embedding app), which has no peer.
    public var remoteAddress: String?

    /// Creates a request, mostly for tests; the server builds them with its parser.
    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http11,
        headers: HTTPHeaders = [:], body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        let split = RequestTarget(target)
        self.path = split.flatMap { PercentDecoding.decode($0.path.utf8, plusAsSpace: false) } ?? target
        self.query = split.flatMap { try? FormFields(urlEncoded: $0.query.utf8) } ?? FormFields()
        self.version = version
        self.headers = headers
        self.body = body
        self.keepAlive =
            version == .http11
            ? !headers.hasToken("close", in: "Connection")
            : headers.hasToken("keep-alive", in: "Connection")
    }

    init(
        method: HTTPMethod, target: String, path: String, query: FormFields, version: HTTPVersion,
        headers: HTTPHeaders, body: [UInt8], keepAlive: Bool
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.keepAlive = keepAlive
    }
}

/// A request target split into path and query, before decoding.
struct RequestTarget {
    var path: Substring
    var query: Substring

    /// Accepts origin-form (`/p?q`), absolute-form (`http://host/p?q`) and `*`.
    init?(_ target: String) {
        var rest = Substring(target)
        if !rest.hasPrefix("/") && rest != "*" {
            // absolute-form: drop the scheme and authority, keep the path.
            let schemeName: Substring
            if rest.utf8.count >= 7, rest.prefix(7).lowercased() == "http://" {
                schemeName = rest.prefix(7)
            } else if rest.utf8.count >= 8, rest.prefix(8).lowercased() == "https://" {
                schemeName = rest.prefix(8)
            } else {
                return nil
            }
            rest = rest.dropFirst(schemeName.count)
            if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = rest[slash...]
            } else {
                rest = "/"
            }
            if rest.hasPrefix("?") { rest = "/" + rest }
        }
        if let mark = rest.firstIndex(of: "?") {
            path = rest[..<mark]
            query = rest[rest.index(after: mark)...]
        } else {
            path = rest
            query = ""
        }
    }
}
