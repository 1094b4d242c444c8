import Folio
import FolioHTTP

/// How a ``FolioBrowser`` reaches Folio: in the same process (no sockets)
/// or over HTTP to a running server.
public protocol FolioTransport: Sendable {
    /// Sends one request and returns the answer, without following redirects.
    /// - Throws: ``FolioBrowserError`` when the server cannot be reached or
    ///   answers something that is not HTTP.
    func send(_ request: HTTPRequest) throws(FolioBrowserError) -> HTTPResponse
}

/// Calls `FolioApp.handle(_:)` directly: the same routes, sessions,
/// templates and answers as over the network, with no sockets and no
/// server thread. What the real server adds (`Date`, `Content-Length`,
/// dropping `HEAD` bodies) is not added.
public struct InProcessTransport: FolioTransport {
    /// The app requests are handed to.
    public let app: FolioApp

    /// Creates a transport over `app`.
    public init(app: FolioApp) { self.app = app }

    /// Hands the request to the app; never fails.
    public func send(_ request: HTTPRequest) throws(FolioBrowserError) -> HTTPResponse {
        app.handle(request)
    }
}
