/// Bytes the server writes on a stream that has sent nothing for `interval`
/// (an SSE comment, say), so proxies and clients keep it open.
public struct HTTPStreamHeartbeat: Sendable, Hashable {
    /// How long a stream may stay silent before the server writes `bytes`.
    public var interval: Duration
    /// What is written, as one chunk.
    public var bytes: [UInt8]

    /// Creates a heartbeat of `bytes` every `interval` of silence.
    public init(interval: Duration, bytes: [UInt8]) {
        self.interval = interval
        self.bytes = bytes
    }
}

/// The body of a streaming response (``HTTPResponse/stream(status:headers:heartbeat:client:start:)``):
/// what starts the stream on the connection's event loop, and its heartbeat.
/// Compared by identity, as ``FileRegion``.
public final class HTTPStreamBody: Sendable, Hashable {
    /// Written by the server when the stream was silent for its interval.
    public let heartbeat: HTTPStreamHeartbeat?
    /// The client address the stream counts against for
    /// ``HTTPServerConfiguration/maxStreamsPerAddress``; nil: the peer's.
    public let client: String?
    /// Runs on the connection's event loop once the head is queued; must not block.
    public let start: @Sendable (HTTPStream) -> Void

    /// A stream body that runs `start` with the stream once the head is queued.
    public init(
        heartbeat: HTTPStreamHeartbeat? = nil, client: String? = nil,
        start: @escaping @Sendable (HTTPStream) -> Void
    ) {
        self.heartbeat = heartbeat
        self.client = client
        self.start = start
    }

    public static func == (left: HTTPStreamBody, right: HTTPStreamBody) -> Bool { left === right }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension HTTPResponse {
    /// A response whose body is written over time (Server-Sent Events, say).
    ///
    /// Status and headers are sent at once: with `Transfer-Encoding: chunked`
    /// on HTTP/1.1; on HTTP/1.0 with no length, and the connection closes when
    /// the stream ends. Then `start` runs on the connection's event loop with
    /// the ``HTTPStream``; it must not block. The stream owns the connection
    /// until it ends: nothing more is read from it meanwhile, and no keep-alive
    /// or request deadline runs. A `HEAD` request (or a status that forbids a
    /// body) gets the head alone and `start` is not run.
    ///
    /// `client` is the address the stream counts against for
    /// ``HTTPServerConfiguration/maxStreamsPerAddress`` (the one a trusted
    /// proxy forwarded, say); nil counts it against the peer's address.
    ///
    /// Run in process (``HTTPDisposition/response()``, a test) the response is
    /// returned as it is: its status and headers, and a ``HTTPBody/stream(_:)``
    /// body whose ``HTTPBody/collectedBytes()`` is nil; nothing starts it.
    public static func stream(
        status: HTTPStatus = .ok, headers: HTTPHeaders, heartbeat: HTTPStreamHeartbeat? = nil,
        client: String? = nil, start: @escaping @Sendable (HTTPStream) -> Void
    ) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: headers,
            body: .stream(HTTPStreamBody(heartbeat: heartbeat, client: client, start: start)))
    }
}
