/// A response body: one buffer, several written with one `writev` and never
/// joined, a region of an open file streamed with `sendfile`, or a stream
/// written over time.
public enum HTTPBody: Sendable, Hashable {
    /// One buffer.
    case bytes([UInt8])
    /// Several buffers sent in order (a cached header, a rendered middle, a cached footer).
    case parts([[UInt8]])
    /// Part of a file, sent as the socket drains and never held in memory (a big static file).
    case file(FileRegion)
    /// Chunks written over time from any thread (see ``HTTPResponse/stream(status:headers:heartbeat:client:start:)``).
    case stream(HTTPStreamBody)

    /// No body.
    public static let empty = HTTPBody.bytes([])

    /// The total length in bytes; 0 for a stream, whose length is not known.
    public var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .parts(let parts): parts.reduce(0) { $0 + $1.count }
        case .file(let region): region.count
        case .stream: 0
        }
    }

    /// The whole body in one buffer, as a client receives it: parts joined, a
    /// file region read (nil when the file cannot be read, and for a stream,
    /// which has no bytes until a server runs it). For tests and tools,
    /// never for the serving path, which sends bodies without joining them.
    public func collectedBytes() -> [UInt8]? {
        switch self {
        case .bytes(let bytes): bytes
        case .parts(let parts): parts.flatMap { $0 }
        case .file(let region): region.readAll()
        case .stream: nil
        }
    }
}

/// What a handler answers. The server adds `Date`, `Content-Length` and
/// `Connection`; any the handler sets for those are replaced.
public struct HTTPResponse: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// Header fields to send, in order.
    public var headers: HTTPHeaders
    /// The body (left out for `HEAD`, 1xx, 204 and 304).
    public var body: HTTPBody
    /// Words the handler adds to the request's access log line (who asked,
    /// why it was refused); never sent. Default `nil`.
    public var accessLogNote: String?

    /// Creates a response.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response with `message` (and a newline) as body,
    /// marked `nosniff` so no browser reads it as anything else.
    public static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: ["Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff"],
            body: .bytes(Self.line(message)))
    }

    /// `message` and a newline as bytes, made at their size (one allocation,
    /// not a joined string's and then the array's).
    private static func line(_ message: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(message.utf8.count + 1)
        bytes.append(contentsOf: message.utf8)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A `text/html; charset=utf-8` response.
    public static func html(_ status: HTTPStatus = .ok, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(bytes))
    }

    /// An `application/json` response from already-encoded bytes.
    public static func json(_ status: HTTPStatus = .ok, _ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(bytes))
    }

    /// `405 Method Not Allowed` with the `Allow` header RFC 9110 requires.
    ///
    /// - Parameter allowed: the methods the resource supports, e.g. `[.get, .head]`.
    public static func methodNotAllowed(allowed: [HTTPMethod]) -> HTTPResponse {
        var response = text(.methodNotAllowed, "method not allowed")
        response.headers.add(name: "Allow", value: allowed.map { $0.rawValue }.joined(separator: ", "))
        return response
    }

    /// A redirect (`303 See Other` unless told) to `location`.
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> HTTPResponse {
        var response = text(status, "see \(location)")
        response.headers.add(name: "Location", value: location)
        return response
    }
}

/// Where a request is answered, decided once on its event loop by
/// `HTTPHandler.disposition(for:)`.
public enum HTTPDisposition: Sendable {
    /// The answer, computed on the event loop.
    case answer(HTTPResponse)
    /// Work that may block (a disk sync, a network fetch): the server runs it
    /// on one of its worker threads (`HTTPServerConfiguration.workerThreads`)
    /// while the loop serves everyone else. It carries what the decision
    /// resolved, so nothing is looked up twice.
    case blocking(@Sendable () -> HTTPResponse)
    /// An answer that another thread sends later, with no thread waiting
    /// for it meanwhile (a write queued for a group commit, say): the loop
    /// runs `start` at once, which must not block, and hands it the
    /// request's `HTTPResponder`; whoever finishes the work responds. The
    /// connection reads nothing more until then, as with `.blocking`.
    case deferred(@Sendable (HTTPResponder) -> Void)

    /// The answer, running blocking work on the calling thread, or waiting
    /// there for a deferred one.
    public func response() -> HTTPResponse {
        switch self {
        case .answer(let response): response
        case .blocking(let work): work()
        case .deferred(let start): HTTPResponder.wait(for: start)
        }
    }
}

/// Answers requests. The server asks `disposition(for:)` on the
/// connection's event-loop thread; a handler that never blocks only
/// implements `handle(_:)`.
public protocol HTTPHandler: Sendable {
    /// Answers one request, on the event loop unless `disposition(for:)`
    /// sends it elsewhere. Keep it short and never block on I/O: every
    /// other connection of that loop waits meanwhile.
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// Decides where the request is answered: now, or on a worker thread
    /// when answering may block (disk sync, network). Called on the event
    /// loop for every request, so it must not block itself. When unsure,
    /// choose `.blocking`: that is only slower. Default: `.answer(handle(request))`.
    func disposition(for request: HTTPRequest) -> HTTPDisposition
}

extension HTTPHandler {
    /// Nothing blocks: every request is answered on its event loop.
    public func disposition(for request: HTTPRequest) -> HTTPDisposition { .answer(handle(request)) }
}
