/// One client socket and everything the loop keeps for it. Owned by exactly
/// one event loop and touched only on its thread.
final class Connection {
    /// The socket.
    let fd: Int32
    /// Tells this connection from an earlier or later one on the same
    /// descriptor (numbers are reused), so a worker's late answer for a
    /// closed connection never reaches its successor.
    let serial: UInt64
    /// The peer's numeric address, read once at accept (`HTTPRequest.remoteAddress`);
    /// `unknown` when it cannot be read, never `nil`, which means "in process".
    let peerAddress: String
    /// Bytes received and not yet turned into requests.
    var parser: HTTPRequestParser
    /// Deadlines and the keep-alive/close decision.
    var machine: ConnectionStateMachine
    /// Responses the socket has not taken yet.
    var output = OutputQueue()
    /// What epoll watches for this socket right now.
    var interest: Epoll.Interest = .read
    /// The peer sent EOF: stop reading.
    var peerClosed = false
    /// What this connection holds of the server's body budget.
    var reservedBodyBytes = 0
    /// What this connection holds of the server's head budget: the bytes of a
    /// request head (or of empty lines before one) it has buffered.
    var reservedHeadBytes = 0
    /// The stream its response is, while it runs: it owns the connection.
    var stream: ActiveStream?

    init(
        fd: Int32, serial: UInt64, peerAddress: String, limits: HTTPLimits, timeouts: HTTPTimeouts,
        now: UInt64
    ) {
        self.fd = fd
        self.serial = serial
        self.peerAddress = peerAddress
        parser = HTTPRequestParser(limits: limits)
        machine = ConnectionStateMachine(now: now, timeouts: timeouts)
    }

    /// Queued output past which no more requests are parsed until it drains,
    /// so a client that pipelines without reading cannot grow memory.
    static let outputHighWater = 1024 * 1024

    /// Whether parsing waits for the output to drain.
    var isBackpressured: Bool { output.byteCount > Self.outputHighWater }

    /// What epoll should watch given the current state. A stream's connection
    /// reads nothing (a pipelined request waits in the socket) but hears a hang-up.
    var desiredInterest: Epoll.Interest {
        var interest: Epoll.Interest = []
        if stream != nil {
            interest.insert(.hangUp)
        } else if !peerClosed && !machine.closesAfterWrite && !machine.isAnswering && !isBackpressured {
            interest.insert(.read)
        }
        if !output.isEmpty { interest.insert(.write) }
        return interest
    }
}
