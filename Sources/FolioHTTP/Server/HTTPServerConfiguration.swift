#if canImport(Glibc)
    import Glibc
#endif

/// Everything `HTTPServer` needs to know; each default is stated on its property.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal (`::1`, `[::]`) or `localhost`. Default `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 picks a free one, which `HTTPServer.start()` returns. Default 8080.
    public var port: Int
    /// Event-loop threads serving connections. Default: the number of active processors.
    public var eventLoopCount: Int
    /// Request size limits. Default `HTTPLimits()` (8 KiB line, 64 KiB / 100 header lines, 1 MiB body).
    public var limits: HTTPLimits
    /// Most request-body bytes all connections together may hold at once (bodies
    /// being received, or received and not yet answered). A body that would pass it
    /// is answered `503` with `Connection: close` at once, before it is read (and
    /// before any `100 Continue`); a `Content-Length` body counts in full from its
    /// head, a chunked one chunk by chunk. Default 64 MiB.
    public var bodyBudgetBytes: Int
    /// Most bytes of request heads not yet complete (and of empty lines before
    /// them) all connections together may buffer at once. A connection whose
    /// next bytes would pass it is answered `503` with `Connection: close`
    /// before they are buffered, so many slow partial heads (each within
    /// `limits`) cannot pin `maxConnections` times the largest head. Default 64 MiB.
    public var headBudgetBytes: Int
    /// Deadlines. Default `HTTPTimeouts()` (10 s head, 30 s body, 30 s idle, 30 s write).
    public var timeouts: HTTPTimeouts
    /// Most open connections. Past it a new connection gets a short `503` with
    /// `Connection: close` and is closed at once, so the listen backlog never fills
    /// with clients nobody will serve. Default 10 000.
    public var maxConnections: Int
    /// Whether one line per request (method, path, status, bytes, microseconds) goes to stderr.
    /// A writer thread writes them, so a slow or stuck stderr never stalls a loop: past
    /// 256 KiB waiting, lines are dropped and counted (`access log: N lines dropped`).
    /// Default true.
    public var accessLog: Bool
    /// The listen backlog. Default 1024.
    public var backlog: Int32
    /// Threads that answer the work of requests `HTTPHandler.disposition(for:)` sends to them (`.blocking`), so a
    /// slow disk sync or fetch holds up no event loop. At most this many such
    /// requests run at once; the others wait in a queue (at most one per
    /// connection). Values below 1 count as 1. Default 4.
    public var workerThreads: Int
    /// Bytes of unsent output a streaming response (``HTTPResponse/stream(status:headers:heartbeat:client:start:)``)
    /// may have waiting for its client: the server's own queue and what the kernel
    /// holds for the socket (sent and not acknowledged, or not sent yet). A send
    /// that would pass it finds the reader stalled: the connection is reset at once
    /// and the stream ends (``HTTPStreamEnd/stalled``), so a client that stops
    /// reading costs at most this much, never a growing buffer. Default 256 KiB.
    public var streamOutputLimit: Int
    /// Most streams one client address may hold open at once (the peer's
    /// address, or the one the handler names with `client:`). One more is
    /// answered `429` with `Retry-After` and closed. Streams from all
    /// addresses together hold at most nine tenths of ``maxConnections``
    /// (one more is answered `503`), so pages and health checks always find
    /// a connection. Default 32: a browser opens at most 6 connections to
    /// one host, so this leaves room for a few people behind one NAT.
    public var maxStreamsPerAddress: Int

    /// Creates a configuration; every argument has the default documented on its property.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, eventLoopCount: Int? = nil,
        limits: HTTPLimits = HTTPLimits(), timeouts: HTTPTimeouts = HTTPTimeouts(),
        maxConnections: Int = 10_000, accessLog: Bool = true, backlog: Int32 = 1024, workerThreads: Int = 4,
        bodyBudgetBytes: Int = 64 * 1024 * 1024, streamOutputLimit: Int = 256 * 1024,
        headBudgetBytes: Int = 64 * 1024 * 1024, maxStreamsPerAddress: Int = 32
    ) {
        self.host = host
        self.port = port
        self.eventLoopCount = max(1, eventLoopCount ?? Self.activeProcessors)
        self.limits = limits
        self.timeouts = timeouts
        self.maxConnections = maxConnections
        self.accessLog = accessLog
        self.backlog = backlog
        self.workerThreads = max(1, workerThreads)
        self.bodyBudgetBytes = bodyBudgetBytes
        self.headBudgetBytes = headBudgetBytes
        self.streamOutputLimit = streamOutputLimit
        self.maxStreamsPerAddress = maxStreamsPerAddress
    }

    private static var activeProcessors: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
