import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// One event-loop thread: an epoll over its connections plus a mailbox eventfd.
/// Created and run on its own thread; nothing here is shared.
final class EventLoop {
    let epoll: Epoll
    let mailbox: LoopMailbox
    let handler: any HTTPHandler
    /// Where requests that may block are answered.
    let workers: WorkerPool
    let configuration: HTTPServerConfiguration
    let counter: ConnectionCounter
    /// The server's budgets for request bodies and partial heads, shared with the other loops.
    let budgets: ServerBudgets
    /// The server's caps on open streams, shared with the other loops.
    let streamSlots: StreamSlots
    /// Body and head bytes given back since the last tick; past `trimThreshold`
    /// the tick returns free memory to the system.
    var releasedBytes = 0
    /// Returns freed heap to the system once a spike is over, for all loops.
    let heapTrimmer: HeapTrimmer
    /// The server's access log, shared with the other loops.
    let log: AccessLog
    var serializer = ResponseSerializer()
    /// Size lines of stream chunks, the last one shared by the streams of a broadcast.
    var chunkFraming = ChunkFraming()
    /// Streams that got chunks in this pass, written once each at its end.
    var streamsToFlush: [Connection] = []
    /// Connections indexed by descriptor (descriptors are small and dense).
    var connections: [Connection?] = []
    var openCount = 0
    /// The serial of the next connection (see `Connection.serial`).
    var nextSerial: UInt64 = 0
    var stopDeadline: UInt64?
    /// When the loop last woke from `epoll_wait`, its one clock read per
    /// wakeup (as nginx caches its time): deadlines set while it handles
    /// what woke it count from here, and the tick after checks them as of
    /// here. Checked every `tickNanoseconds`, deadlines are not moved by
    /// the milliseconds a wakeup may take; three clock reads per request
    /// were 0.6% of a view.
    var wokeAt = monotonicNanoseconds()
    /// One receive buffer for every connection of the loop; bytes are copied into the parser.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    /// How often deadlines are checked.
    static let tickNanoseconds: UInt64 = 100_000_000

    init(
        mailbox: LoopMailbox, handler: any HTTPHandler, workers: WorkerPool,
        configuration: HTTPServerConfiguration, counter: ConnectionCounter, budgets: ServerBudgets,
        streamSlots: StreamSlots, heapTrimmer: HeapTrimmer, log: AccessLog
    ) throws(POSIXCallError) {
        epoll = try Epoll()
        self.mailbox = mailbox
        self.handler = handler
        self.workers = workers
        self.configuration = configuration
        self.counter = counter
        self.budgets = budgets
        self.streamSlots = streamSlots
        self.heapTrimmer = heapTrimmer
        self.log = log
        try epoll.add(mailbox.wakeup.fd, .read)
    }

    deinit { readBuffer.deallocate() }

    /// Serves until a stop request's connections are all closed or its deadline passes.
    func run() {
        let events = UnsafeMutableBufferPointer<epoll_event>.allocate(capacity: 256)
        defer { events.deallocate() }
        var lastTick = monotonicNanoseconds()
        while true {
            let count: Int
            do {
                count = try epoll.wait(into: events, timeoutMilliseconds: 100)
            } catch {
                break
            }
            wokeAt = monotonicNanoseconds()
            for index in 0..<count {
                let event = events[index]
                let fd = event.data.fd
                if fd == mailbox.wakeup.fd {
                    readMailbox()
                    continue
                }
                guard fd >= 0, fd < connections.count, let connection = connections[Int(fd)] else { continue }
                if connection.stream != nil {
                    // A stream reads nothing: any of these is the client going away.
                    if event.events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                        close(connection, streamEnd: .clientClosed)
                        continue
                    }
                } else if event.events
                    & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                {
                    readable(connection)
                }
                if event.events & EPOLLOUT.rawValue != 0, !connection.machine.isClosed {
                    writable(connection)
                }
            }
            // Deadlines are checked as of the wakeup too: one clock read per wakeup.
            if wokeAt - lastTick >= Self.tickNanoseconds {
                lastTick = wokeAt
                tick(now: wokeAt)
            }
            if let stopDeadline, openCount == 0 || wokeAt >= stopDeadline { break }
        }
        for case let connection? in connections { close(connection, streamEnd: .serverStopping) }
        // The accept thread has stopped before any stop request, so no socket arrives
        // after this; a worker's late answer is dropped by the closed mailbox.
        let left = mailbox.close()
        for fd in left.sockets {
            Socket.close(fd)
            counter.decrement()
        }
        // End handlers registered after the end still run; chunks have nowhere to go.
        for case .run(let body) in left.streamEvents { body() }
    }

    private func readMailbox() {
        mailbox.wakeup.drain()
        let inbox = mailbox.take()
        for fd in inbox.sockets { register(fd) }
        for answer in inbox.answers { deliver(answer) }
        deliver(inbox.streamEvents)
        if let deadline = inbox.stopDeadline, stopDeadline == nil {
            stopDeadline = deadline
            for case let connection? in connections { shutDown(connection) }
        }
    }

    /// Tells one connection the server is stopping: idle ones close, except
    /// those whose request bytes already sit unread in the socket (closing
    /// them would reset the client unanswered): those are read and answered.
    /// A stream gets its final chunk now, and the connection closes once it is written.
    private func shutDown(_ connection: Connection) {
        let pending = connection.stream == nil && Socket.hasPendingInput(connection.fd)
        let action = connection.machine.shutdownRequested(
            now: monotonicNanoseconds(), hasPendingInput: pending)
        if connection.stream != nil {
            endStream(connection, .serverStopping)
            return
        }
        switch action {
        case .none, .rejectAndClose: break
        case .close: close(connection)
        case .read: readable(connection)
        }
    }

    private func register(_ fd: Int32) {
        nextSerial &+= 1
        let connection = Connection(
            fd: fd, serial: nextSerial, peerAddress: Socket.peerAddress(fd) ?? "unknown",
            limits: configuration.limits,
            timeouts: configuration.timeouts,
            now: monotonicNanoseconds())
        do {
            try epoll.add(fd, .read)
        } catch {
            Socket.close(fd)
            counter.decrement()
            return
        }
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count))
        }
        connections[Int(fd)] = connection
        openCount += 1
        // `shutdown` waits for the acceptor before stopping the loops, so its last
        // sockets come before or with the stop (handled in `readMailbox`); one that
        // came after would get the same treatment here.
        if stopDeadline != nil { shutDown(connection) }
    }

    private func tick(now: UInt64) {
        trimMemoryIfNeeded(now: now)
        for case let connection? in connections {
            writeHeartbeatIfDue(connection, now: now)
            switch connection.machine.timerFired(now: now) {
            case .none: break
            // A stream has no deadline but the write one: its reader stalled.
            case .close: close(connection, streamEnd: .stalled)
            case .rejectAndClose(let status): reject(connection, status: status, message: "request timeout")
            case .read: readable(connection)
            }
        }
        flushStreams()
    }

    /// Closes the socket and forgets the connection; a stream it carried ends
    /// with `streamEnd` (unless its end was decided before).
    func close(_ connection: Connection, streamEnd: HTTPStreamEnd = .clientClosed) {
        // The descriptor may already be closed and its number reused by a newer connection.
        guard connections[Int(connection.fd)] === connection else { return }
        connection.machine.closed()
        if let active = connection.stream {
            // What a stalled reader left in the socket is thrown away, not kept for it.
            if streamEnd == .stalled, Socket.kernelQueuedBytes(connection.fd) > 0 {
                Socket.resetOnClose(connection.fd)
            }
            connection.stream = nil
            streamSlots.release(for: active.client)
            logEnd(of: active, now: monotonicNanoseconds())
            active.stream.complete(streamEnd)
        }
        releaseBody(connection)
        releaseHead(connection)
        epoll.remove(connection.fd)
        Socket.close(connection.fd)
        connections[Int(connection.fd)] = nil
        openCount -= 1
        counter.decrement()
    }
}
