/// The request methods FolioHTTP parses; any other token is answered `501 Not Implemented`.
///
/// `CONNECT` is left out on purpose: FolioHTTP is an origin server, not a proxy.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `GET`
    case get = "GET"
    /// `HEAD`: answered like `GET` without the body.
    case head = "HEAD"
    /// `POST`
    case post = "POST"
    /// `PUT`
    case put = "PUT"
    /// `DELETE`
    case delete = "DELETE"
    /// `OPTIONS`
    case options = "OPTIONS"
    /// `PATCH`
    case patch = "PATCH"
    /// `TRACE`
    case trace = "TRACE"

    /// The method token as sent on the wire.
    public var description: String { rawValue }

    /// Matches a method token without building a `String` for the common ones.
    init?(token: UnsafeBufferPointer<UInt8>) {
        switch token.count {
        case 3:
            if token.elementsEqual("GET".utf8) {
                self = .get
                return
            }
            if token.elementsEqual("PUT".utf8) {
                self = .put
                return
            }
        case 4:
            if token.elementsEqual("POST".utf8) {
                self = .post
                return
            }
            if token.elementsEqual("HEAD".utf8) {
                self = .head
                return
            }
        default:
            break
        }
        guard let method = HTTPMethod(rawValue: String(decoding: token, as: UTF8.self)) else { return nil }
        self = method
    }
}

/// An HTTP version such as 1.1.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version (1).
    public var major: Int
    /// The minor version (0 or 1).
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0
    public static let http10 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1
    public static let http11 = HTTPVersion(major: 1, minor: 1)

    /// `HTTP/1.1`
    public var description: String { "HTTP/\(major).\(minor)" }
}
