import Dispatch
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server: one accept thread and `eventLoopCount` epoll threads,
/// each calling the handler synchronously for the connections it owns, plus
/// `workerThreads` threads for the requests the handler says may block.
public final class HTTPServer: Sendable {
    private enum Phase {
        case idle
        case running(stop: EventFD, mailboxes: [LoopMailbox], workers: WorkerPool)
        case stopped
    }

    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let phase = LockedValue(Phase.idle)
    /// Every thread of the server; waited on by `waitUntilStopped()`.
    private let running = DispatchGroup()
    /// Entered when a shutdown begins, left when it is done (the log written,
    /// the workers joined): `waitUntilStopped()` waits for it too, so a
    /// process that exits when it returns never exits under a shutdown still
    /// at work on another thread (which crashed it now and then, and could
    /// lose the last access-log lines).
    private let shuttingDown = DispatchGroup()
    /// The accept thread alone, so loops are told to stop only once no socket can arrive.
    private let accepting = DispatchGroup()
    private let counter = ConnectionCounter()
    private let bodyBudget: ByteBudget
    private let headBudget: ByteBudget
    private let heapTrimmer = HeapTrimmer()
    private let log: AccessLog

    /// Creates a server; nothing is bound until `start()`.
    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
        bodyBudget = ByteBudget(limit: configuration.bodyBudgetBytes)
        headBudget = ByteBudget(limit: configuration.headBudgetBytes)
        log = AccessLog(enabled: configuration.accessLog)
    }

    /// Binds, listens and starts the threads. `SIGPIPE` is ignored process-wide
    /// from here on (writes also pass `MSG_NOSIGNAL`).
    ///
    /// - Returns: the bound port (the chosen one when the configuration says 0).
    /// - Throws: `HTTPServerError` when the address is invalid, the port is taken,
    ///   or the server was already started.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        signal(SIGPIPE, SIG_IGN)
        return try phase.withLock { (phase) throws(HTTPServerError) -> Int in
            guard case .idle = phase else { throw .alreadyStarted }
            let (listener, port) = try Socket.listen(
                host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            var mailboxes: [LoopMailbox] = []
            let stop: EventFD
            do throws(POSIXCallError) {
                stop = try EventFD()
                for _ in 0..<max(1, configuration.eventLoopCount) { mailboxes.append(try LoopMailbox()) }
            } catch {
                Socket.close(listener)
                throw .setupFailed(error)
            }
            let workers = WorkerPool(threadCount: configuration.workerThreads)
            // Past the open-file limit accept fails silently; keep the cap
            // under it so an extra client gets the cap's quick 503 instead.
            let connectionCap = OpenFileLimit.connectionCap(configured: configuration.maxConnections)
            let streamSlots = StreamSlots(
                perAddress: configuration.maxStreamsPerAddress,
                total: StreamSlots.total(ofConnections: connectionCap))
            log.startIfNeeded()
            for mailbox in mailboxes {
                do throws(HTTPServerError) {
                    try startLoop(mailbox, workers: workers, streamSlots: streamSlots)
                } catch {
                    // Loops already started never stop (the server is not running): only
                    // the workers can be told to go.
                    workers.stop()
                    throw error
                }
            }
            let acceptor = Acceptor(
                listener: listener, stop: stop, mailboxes: mailboxes, counter: counter,
                maxConnections: connectionCap)
            accepting.enter()
            let accepting = accepting
            startThread(name: "FolioHTTP accept") {
                acceptor.run()
                accepting.leave()
            }
            phase = .running(stop: stop, mailboxes: mailboxes, workers: workers)
            return port
        }
    }

    private func startLoop(_ mailbox: LoopMailbox, workers: WorkerPool, streamSlots: StreamSlots)
        throws(HTTPServerError)
    {
        let loop: EventLoop
        do {
            loop = try EventLoop(
                mailbox: mailbox, handler: handler, workers: workers, configuration: configuration,
                counter: counter, budgets: ServerBudgets(body: bodyBudget, head: headBudget),
                streamSlots: streamSlots, heapTrimmer: heapTrimmer, log: log)
        } catch {
            throw .setupFailed(error)
        }
        // The loop is handed to its thread and never touched elsewhere again.
        let box = UncheckedTransfer(loop)
        startThread(name: "FolioHTTP loop") { box.value.run() }
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        running.enter()
        let group = running
        let thread = Thread {
            body()
            group.leave()
        }
        thread.name = name
        thread.start()
    }

    /// Stops accepting at once, lets requests in flight finish (keep-alive
    /// connections close after their current response), force-closes whatever
    /// is left after `gracePeriod`, and returns when every thread has stopped.
    ///
    /// Requests clients sent before the stop are answered even if the server
    /// had not read them yet: connections still in the listen backlog are
    /// accepted before the listener closes, and an idle connection whose
    /// request bytes already wait in its socket is read rather than closed.
    /// All of these responses say `Connection: close`. An idle connection with
    /// nothing pending closes at once; new connections are refused.
    ///
    /// Requests on worker threads (see `HTTPHandler.disposition(for:)`) are answered
    /// too, with `Connection: close`, if they finish within `gracePeriod`. Once
    /// the loops have stopped the workers are stopped and joined; one still in
    /// the handler after `gracePeriod` is abandoned (its answer is dropped), so
    /// a stuck handler cannot hold up the shutdown. Access-log lines still
    /// buffered are written before it returns, unless stderr takes nothing
    /// until `gracePeriod` (at least 200 ms) is over.
    ///
    /// Calling it again, or before `start()`, does nothing but wait. Never call
    /// it from a handler: it waits for the loop that runs the handler.
    public func shutdown(gracePeriod: Duration = .seconds(5)) {
        let deadline = monotonicNanoseconds() + gracePeriod.nanoseconds
        let started = phase.withLock { phase -> ([LoopMailbox], WorkerPool)? in
            guard case .running(let stop, let mailboxes, let workers) = phase else { return nil }
            phase = .stopped
            shuttingDown.enter()
            stop.signal()
            return (mailboxes, workers)
        }
        guard let (mailboxes, workers) = started else { return waitUntilStopped() }
        defer { shuttingDown.leave() }
        // The acceptor's last pass delivers the backlog's sockets first, so
        // each loop sees them before (or with) its stop request.
        accepting.wait()
        for mailbox in mailboxes { mailbox.requestStop(deadline: deadline) }
        running.wait()
        // The last lines are written before returning unless stderr is stuck.
        log.stop(deadline: max(deadline, monotonicNanoseconds() + 200_000_000))
        workers.stop()
        // Idle workers exit at once; give them a moment even when the grace period is spent.
        workers.waitUntilStopped(deadline: max(deadline, monotonicNanoseconds() + 200_000_000))
    }

    /// Blocks until the server has stopped, and a shutdown under way has
    /// finished (returns at once if it never started).
    public func waitUntilStopped() {
        running.wait()
        shuttingDown.wait()
    }
}

/// Moves a value that is not `Sendable` to exactly one other thread.
private struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
