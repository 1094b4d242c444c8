/// Deadlines that keep slow or stalled clients from holding a connection.
public struct HTTPTimeouts: Sendable, Hashable {
    /// Time for a whole request head, counted from its first byte (not per read,
    /// so one byte a minute does not keep a slot). Default 10 s; then `408` and close.
    public var head: Duration
    /// Time for a whole request body, counted from the end of the head. Default 30 s; then `408` and close.
    public var body: Duration
    /// How long a keep-alive connection may sit with no request. Default 30 s; then it is closed.
    public var idle: Duration
    /// How long queued output may wait for a client that reads nothing; every
    /// write the client takes restarts it, so a slow reader is not cut. Default 30 s; then close.
    public var write: Duration

    /// Creates timeouts; every argument has the default documented on its property.
    public init(
        head: Duration = .seconds(10), body: Duration = .seconds(30), idle: Duration = .seconds(30),
        write: Duration = .seconds(30)
    ) {
        self.head = head
        self.body = body
        self.idle = idle
        self.write = write
    }
}
