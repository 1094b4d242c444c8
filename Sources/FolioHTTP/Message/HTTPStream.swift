import FolioSync

/// Why a stream ended.
public enum HTTPStreamEnd: Sendable, Equatable {
    /// ``HTTPStream/finish()`` was called: the final chunk was sent.
    case finished
    /// The client closed its end (or the connection failed).
    case clientClosed
    /// The client read too slowly: its unsent output (queued, or held by the
    /// kernel) passed ``HTTPServerConfiguration/streamOutputLimit``, or took
    /// nothing for ``HTTPTimeouts/write``, and the connection was reset.
    case stalled
    /// The server is stopping: the final chunk was sent and the connection closes.
    case serverStopping
}

/// A response body being written over time, on the connection's event loop.
///
/// Every method may be called from any thread. Chunks go to the loop through
/// its mailbox, so one wake-up of the loop carries every send made meanwhile,
/// for all its streams; a chunk's bytes are shared, never copied per stream.
public final class HTTPStream: Sendable {
    private struct State {
        /// Decided once: by `finish()`, a send over the limit, or the loop.
        var end: HTTPStreamEnd?
        /// Set when the loop is done with the stream and ran the handlers.
        var completed = false
        var handlers: [@Sendable (HTTPStreamEnd) -> Void] = []
        /// Bytes sent (with framing) that the loop has not taken from its mailbox yet.
        var inMailbox = 0
        /// The connection's unsent output when the loop last wrote.
        var unsentOutput = 0
    }

    /// What a chunk's framing may add to its bytes (size line and CRLFs),
    /// counted against the output limit.
    static let framingAllowance = 16

    /// The connection's loop, and which connection of it.
    let mailbox: LoopMailbox
    let fd: Int32
    let serial: UInt64
    /// Most unsent output (mailbox and connection) before the reader counts as stalled.
    let outputLimit: Int
    private let state = LockedValue(State())

    init(mailbox: LoopMailbox, fd: Int32, serial: UInt64, outputLimit: Int) {
        self.mailbox = mailbox
        self.fd = fd
        self.serial = serial
        self.outputLimit = outputLimit
    }

    /// Whether the stream has ended (or is ending: `finish()` was called).
    public var hasEnded: Bool { state.withLock { $0.end != nil } }

    /// Queues `bytes` as one chunk; from any thread.
    ///
    /// If the connection's unsent output (what the loop has not written yet,
    /// plus this chunk) would pass the server's
    /// ``HTTPServerConfiguration/streamOutputLimit``, the reader has stalled:
    /// nothing is queued, the connection is closed at once and the stream
    /// ends with ``HTTPStreamEnd/stalled``. Chunks still in the loop's
    /// mailbox count, so a burst sent faster than the loop writes counts too,
    /// and one chunk larger than the limit can never be sent. An empty chunk
    /// sends nothing (on the wire it would end the body).
    ///
    /// - Returns: whether the chunk was queued; false once the stream has ended.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        let cost = bytes.count + Self.framingAllowance
        enum Verdict { case queued, ended, stalled }
        let verdict = state.withLock { state -> Verdict in
            guard state.end == nil else { return .ended }
            if bytes.isEmpty { return .queued }
            guard state.inMailbox + state.unsentOutput + cost <= outputLimit else {
                state.end = .stalled
                return .stalled
            }
            // Under the stream's lock, so chunks reach the loop in the order
            // they were sent and none follows `finish()`.
            guard mailbox.deliver(.send(self, bytes)) else { return .ended }
            state.inMailbox += cost
            return .queued
        }
        if verdict == .stalled { _ = mailbox.deliver(.drop(self)) }
        return verdict == .queued
    }

    /// Ends the response from any thread: the final chunk follows the chunks
    /// already sent, then the connection goes on with keep-alive or closes.
    public func finish() {
        state.withLock { state in
            guard state.end == nil else { return }
            state.end = .finished
            _ = mailbox.deliver(.finish(self))
        }
    }

    /// Runs `body` once, when the stream ends for any reason, on the
    /// connection's event loop (it must not block). Any thread may register;
    /// when the stream has already ended, `body` runs soon on the loop (at
    /// once, on the calling thread, when the loop has stopped).
    public func onEnd(_ body: @escaping @Sendable (HTTPStreamEnd) -> Void) {
        let ended = state.withLock { state -> HTTPStreamEnd? in
            guard state.completed, let end = state.end else {
                state.handlers.append(body)
                return nil
            }
            return end
        }
        guard let ended else { return }
        if !mailbox.deliver(.run({ body(ended) })) { body(ended) }
    }

    /// The loop took `taken` bytes of sends (with their allowance) from the
    /// mailbox and now has `unsent` bytes of output for the connection.
    func loopWrote(taken: Int, unsent: Int) {
        state.withLock { state in
            state.inMailbox -= taken
            state.unsentOutput = unsent
        }
    }

    /// The loop is done with the stream, for `end`: what happened on the
    /// connection wins over an end asked for but not carried out (a
    /// `finish()` still in the mailbox when the client closed). The handlers
    /// run now, once.
    func complete(_ end: HTTPStreamEnd) {
        let handlers = state.withLock { state -> [@Sendable (HTTPStreamEnd) -> Void] in
            guard !state.completed else { return [] }
            state.completed = true
            state.end = end
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler(end) }
    }
}
