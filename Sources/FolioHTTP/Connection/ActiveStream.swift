/// What the loop keeps for a connection while its response is a stream:
/// kept small, since an idle stream should cost a few hundred bytes.
final class ActiveStream {
    let stream: HTTPStream
    /// Written after `heartbeatNanoseconds` of silence.
    let heartbeat: [UInt8]?
    let heartbeatNanoseconds: UInt64
    /// HTTP/1.1: chunks are framed and a final chunk ends the body; HTTP/1.0: raw bytes, then close.
    let chunked: Bool
    /// Whether the connection goes on once the stream has finished.
    let keepAlive: Bool
    /// For the access log line, written when the stream ends.
    let method: String
    let target: String
    /// The response's `accessLogNote`, for the line written as the stream ends.
    let note: String?
    let status: Int
    let started: UInt64
    /// The address whose stream slot it holds (`StreamSlots`).
    let client: String
    /// Monotonic nanoseconds of the last chunk queued (heartbeats included).
    var lastChunkAt: UInt64
    /// Payload bytes queued, for the access log.
    var bytesQueued = 0
    /// Bytes (with their allowance) taken from the mailbox since the stream last heard of its output.
    var takenSinceReport = 0
    /// Set while the connection waits in the loop's list of streams to flush.
    var flushPending = false

    init(
        stream: HTTPStream, heartbeat: HTTPStreamHeartbeat?, chunked: Bool, keepAlive: Bool,
        request: HTTPRequest, client: String, status: Int, note: String? = nil, started: UInt64, now: UInt64
    ) {
        self.stream = stream
        self.heartbeat = heartbeat?.bytes.isEmpty == false ? heartbeat?.bytes : nil
        heartbeatNanoseconds = heartbeat?.interval.nanoseconds ?? 0
        self.chunked = chunked
        self.keepAlive = keepAlive
        method = request.method.rawValue
        target = request.target
        self.note = note
        self.status = status
        self.started = started
        self.client = client
        lastChunkAt = now
    }

    /// Whether a heartbeat is due at `now`.
    func heartbeatDue(now: UInt64) -> Bool {
        heartbeat != nil && now &- lastChunkAt >= heartbeatNanoseconds
    }
}
