/// What one connection is doing, as a value: event methods take the current
/// monotonic time, change the state and return what the connection must do.
/// No I/O happens here, so every transition is tested without sockets.
struct ConnectionStateMachine {
    /// What the connection must do after an event.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Close the socket now (output is abandoned).
        case close
        /// Answer `status` with `Connection: close`, then close once written.
        case rejectAndClose(HTTPStatus)
        /// Read the socket now: a request arrived before the stop and must be answered.
        case read
    }

    private enum State: Equatable {
        /// Between requests: waiting for a first byte until the keep-alive deadline.
        case awaitingRequest(idleDeadline: UInt64)
        /// Part of a head has arrived; all of it must by `deadline` (one total, not per read).
        case receivingHead(deadline: UInt64)
        /// The head is in; the body must be complete by `deadline`.
        case receivingBody(deadline: UInt64)
        /// A whole request is with the handler on a worker thread. No deadline:
        /// the handler's own timeouts bound it, and the client is waiting for
        /// the answer, not idle. Nothing more is read or parsed meanwhile.
        case answering
        /// The response is a stream, which owns the connection until it ends:
        /// nothing is read, and no deadline runs but the write one.
        case streaming
        /// The last response is queued; close once it is written.
        case closingAfterWrite
        case closed
    }

    private var state: State
    /// Set while output is queued but the socket would not take it.
    private var writeDeadline: UInt64?
    private var shuttingDown = false
    let timeouts: HTTPTimeouts

    init(now: UInt64, timeouts: HTTPTimeouts) {
        self.timeouts = timeouts
        state = .awaitingRequest(idleDeadline: now + timeouts.idle.nanoseconds)
    }

    /// Whether the connection will close once its output is written.
    var closesAfterWrite: Bool { state == .closingAfterWrite || state == .closed }

    /// Whether the socket is closed.
    var isClosed: Bool { state == .closed }

    /// Whether a request is with the handler on a worker thread: reading and
    /// parsing wait for its answer, so responses stay in request order.
    var isAnswering: Bool { state == .answering }

    /// Whether the response is a stream still running.
    var isStreaming: Bool { state == .streaming }

    /// Whether the current response holds the connection (on a worker, or a
    /// stream), so nothing more is read or parsed.
    var holdsConnection: Bool { state == .answering || state == .streaming }

    /// Whether new responses must carry `Connection: close` (shutdown in progress).
    var isShuttingDown: Bool { shuttingDown }

    /// Bytes arrived and the parser still needs more: start the head or body clock if not running.
    mutating func waitingForMore(now: UInt64, readingBody: Bool, partialRequest: Bool) {
        switch state {
        case .awaitingRequest:
            if readingBody {
                state = .receivingBody(deadline: now + timeouts.body.nanoseconds)
            } else if partialRequest {
                state = .receivingHead(deadline: now + timeouts.head.nanoseconds)
            }
        case .receivingHead:
            if readingBody { state = .receivingBody(deadline: now + timeouts.body.nanoseconds) }
        case .receivingBody, .answering, .streaming, .closingAfterWrite, .closed:
            break
        }
    }

    /// A whole request went to a worker thread: no deadline runs until its
    /// answer is queued (`responseQueued(now:keepAlive:)`).
    mutating func requestHandedOff() {
        switch state {
        case .awaitingRequest, .receivingHead, .receivingBody: state = .answering
        case .answering, .streaming, .closingAfterWrite, .closed: break
        }
    }

    /// The response's head is queued and its body is a stream: no deadline
    /// runs (idle, head, body) until it ends with `responseQueued(now:keepAlive:)`.
    mutating func streamStarted() {
        guard state != .closed && state != .closingAfterWrite else { return }
        state = .streaming
    }

    /// A whole request was parsed and answered; `keepAlive` is what both sides agreed.
    mutating func responseQueued(now: UInt64, keepAlive: Bool) {
        guard state != .closed else { return }
        if !keepAlive || shuttingDown {
            state = .closingAfterWrite
        } else {
            state = .awaitingRequest(idleDeadline: now + timeouts.idle.nanoseconds)
        }
    }

    /// The parser rejected the request: answer it, then close.
    mutating func requestRejected() {
        guard state != .closed else { return }
        state = .closingAfterWrite
    }

    /// The peer closed its sending side: finish what is queued, then close.
    mutating func peerClosed() -> Action {
        switch state {
        case .closed: return .none
        case .awaitingRequest, .receivingHead, .receivingBody, .answering, .streaming, .closingAfterWrite:
            // While answering, only a hang-up gets here (reading is paused):
            // nobody is left to take the answer, which is then dropped.
            state = .closingAfterWrite
            return writeDeadline == nil ? .close : .none
        }
    }

    /// The socket refused some output (would block): start the write clock if not running.
    mutating func writeBlocked(now: UInt64) {
        if writeDeadline == nil { writeDeadline = now + timeouts.write.nanoseconds }
    }

    /// The socket took some output: a client that reads, however slowly, gets
    /// a fresh write timeout; only one that takes nothing for that long is cut.
    mutating func writeProgressed(now: UInt64) {
        if writeDeadline != nil { writeDeadline = now + timeouts.write.nanoseconds }
    }

    /// All queued output was written.
    mutating func outputDrained() -> Action {
        writeDeadline = nil
        return state == .closingAfterWrite ? .close : .none
    }

    /// The server is stopping: idle connections close now, busy ones after their
    /// response (one being answered on a worker thread too: its answer says
    /// `Connection: close`).
    ///
    /// An idle connection whose socket already holds input (`hasPendingInput`,
    /// found by the loop) sent a request before the stop: closing it with
    /// unread bytes would reset it unanswered, so it is read instead, under the
    /// head deadline from `now`, answered with `Connection: close`, then closed.
    mutating func shutdownRequested(now: UInt64, hasPendingInput: Bool) -> Action {
        shuttingDown = true
        switch state {
        case .awaitingRequest:
            if writeDeadline != nil {
                state = .closingAfterWrite
                return .none
            }
            guard hasPendingInput else { return .close }
            state = .receivingHead(deadline: now + timeouts.head.nanoseconds)
            return .read
        case .receivingHead, .receivingBody, .answering, .streaming, .closingAfterWrite, .closed:
            return .none
        }
    }

    /// Checks the deadlines.
    mutating func timerFired(now: UInt64) -> Action {
        if let writeDeadline, now >= writeDeadline { return close() }
        switch state {
        case .awaitingRequest(let deadline):
            return now >= deadline && writeDeadline == nil ? close() : .none
        case .receivingHead(let deadline), .receivingBody(let deadline):
            guard now >= deadline else { return .none }
            if writeDeadline != nil { return close() }
            state = .closingAfterWrite
            return .rejectAndClose(.requestTimeout)
        case .answering, .streaming, .closingAfterWrite, .closed:
            return .none
        }
    }

    /// The socket was closed.
    mutating func closed() { state = .closed }

    private mutating func close() -> Action {
        state = .closed
        return .close
    }
}

extension Duration {
    /// The duration in whole nanoseconds: negative counts as zero, anything over
    /// about 100 years as 100 years, so adding it to a monotonic time never overflows.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let century: Int64 = 100 * 365 * 24 * 3600
        guard seconds < century else { return UInt64(century) * 1_000_000_000 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
