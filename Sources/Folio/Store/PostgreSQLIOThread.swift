import CLibPQ
import CLinux
import Dispatch
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one thread that talks to PostgreSQL for the session store's batches
/// of reads and writes, so that no other thread waits on the database: its
/// connections are in libpq's non-blocking pipeline mode, their sockets
/// (`PQsocket`) watched by one epoll; a round of statements is sent, and
/// its results consumed as the socket becomes readable, each round's
/// completion running here once its sync arrives. Every round is bounded by
/// `PostgreSQLConnection.answerLimit`: past it the connection is cut and
/// the round fails.
///
/// Everything below runs on the thread itself (`execute` hands work to it),
/// so its state needs no lock; hence `@unchecked Sendable`.
final class PostgreSQLIOThread: @unchecked Sendable {
    /// The process's one I/O thread, started when first needed.
    static let shared = PostgreSQLIOThread()

    /// What a round came to: an outcome per statement, or the connection's failure.
    typealias RoundResult = Result<[PipelinedOutcome], StoreError>

    private final class Round {
        let connection: PostgreSQLConnection
        let count: Int
        let deadline: UInt64
        let completion: (RoundResult) -> Void
        var outcomes: [PipelinedOutcome] = []
        /// The current statement's first result, until the null that ends it.
        var current: PipelinedOutcome?

        init(
            _ connection: PostgreSQLConnection, count: Int, deadline: UInt64,
            completion: @escaping (RoundResult) -> Void
        ) {
            self.connection = connection
            self.count = count
            self.deadline = deadline
            self.completion = completion
        }
    }

    private let epoll: Int32
    private let wake: Int32
    private let mailbox = LockedValue<[@Sendable () -> Void]>([])
    /// Rounds under way, by socket.
    private var rounds: [Int32: Round] = [:]

    private init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wake = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        precondition(
            epoll >= 0 && wake >= 0, "cannot create the PostgreSQL I/O thread's epoll: errno \(errno)")
        watch(wake, EPOLLIN.rawValue, adding: true)
        let thread = Thread { [self] in loop() }
        thread.name = "Folio PostgreSQL I/O"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// Runs `work` on the I/O thread, soon; returns at once.
    func execute(_ work: @escaping @Sendable () -> Void) {
        let wasEmpty = mailbox.withLock { mailbox -> Bool in
            defer { mailbox.append(work) }
            return mailbox.isEmpty
        }
        if wasEmpty {
            var one: UInt64 = 1
            _ = Glibc.write(wake, &one, 8)
        }
    }

    /// Sends `statements` on `connection` as one pipelined round; on this
    /// thread only. `completion` runs here once every result arrived, or the
    /// connection failed or passed the bound (then cut: it is never used again).
    func send(
        _ statements: [PipelinedStatement], on connection: PostgreSQLConnection,
        then completion: @escaping (RoundResult) -> Void
    ) {
        let handle = connection.handle
        guard !connection.isBroken, connection.entersNonBlockingPipelineMode() else {
            return completion(.failure(connection.connectionFailure("a pipelined round")))
        }
        for statement in statements where !connection.send(statement) {
            connection.cut()
            return completion(.failure(connection.connectionFailure("a pipelined round")))
        }
        guard PQpipelineSync(handle) == 1 else {
            connection.cut()
            return completion(.failure(connection.connectionFailure("a pipelined round")))
        }
        let socket = PQsocket(handle)
        let limit = UInt64(PostgreSQLConnection.answerLimit * 1e9)
        rounds[socket] = Round(
            connection, count: statements.count, deadline: DispatchTime.now().uptimeNanoseconds + limit,
            completion: completion)
        watch(socket, EPOLLIN.rawValue, adding: true)
        flush(socket)
    }

    private func loop() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let ready = epoll_wait(epoll, &events, Int32(events.count), waitMilliseconds())
            for event in events.prefix(Int(max(ready, 0))) {
                let socket = event.data.fd
                if socket == wake {
                    var value: UInt64 = 0
                    _ = Glibc.read(wake, &value, 8)
                    continue
                }
                if event.events & EPOLLOUT.rawValue != 0 { flush(socket) }
                if event.events & ~EPOLLOUT.rawValue != 0 { read(socket) }
            }
            for work in mailbox.withLock({ mailbox in
                defer { mailbox.removeAll() }
                return mailbox
            }) { work() }
            cutOffLateRounds()
        }
    }

    /// Until the nearest round's bound (at most a minute when none is under way).
    private func waitMilliseconds() -> Int32 {
        guard let nearest = rounds.values.map(\.deadline).min() else { return 60_000 }
        let now = DispatchTime.now().uptimeNanoseconds
        return nearest <= now ? 0 : Int32(min((nearest - now) / 1_000_000 + 1, 60_000))
    }

    private func cutOffLateRounds() {
        let now = DispatchTime.now().uptimeNanoseconds
        for (socket, round) in rounds where round.deadline <= now {
            round.connection.abandon()
            finish(
                socket,
                .failure(
                    StoreError(
                        "PostgreSQL did not answer within \(Int(PostgreSQLConnection.answerLimit)) s (the connection was closed)"
                    )))
        }
    }

    /// Sends what libpq still holds; watches for room while some is left.
    private func flush(_ socket: Int32) {
        guard let round = rounds[socket] else { return }
        switch PQflush(round.connection.handle) {
        case 0: watch(socket, EPOLLIN.rawValue)
        case 1: watch(socket, EPOLLIN.rawValue | EPOLLOUT.rawValue)
        default: fail(socket, round)
        }
    }

    /// Consumes what arrived and takes every whole result from it.
    private func read(_ socket: Int32) {
        guard let round = rounds[socket] else { return }
        let handle = round.connection.handle
        guard PQconsumeInput(handle) == 1 else { return fail(socket, round) }
        while PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else {
                // The null that ends a statement's results.
                guard let current = round.current else { return }
                round.outcomes.append(current)
                round.current = nil
                continue
            }
            if PQresultStatus(result) == PGRES_PIPELINE_SYNC {
                PQclear(result)
                guard round.outcomes.count == round.count else { return fail(socket, round) }
                return finish(socket, .success(round.outcomes))
            }
            if round.current == nil { round.current = PipelinedOutcome(result) } else { PQclear(result) }
        }
    }

    private func fail(_ socket: Int32, _ round: Round) {
        let failure = round.connection.connectionFailure("a pipelined round")
        round.connection.cut()
        finish(socket, .failure(failure))
    }

    private func finish(_ socket: Int32, _ result: RoundResult) {
        guard let round = rounds.removeValue(forKey: socket) else { return }
        // An idle connection is not watched: nothing is expected of it.
        epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
        round.completion(result)
    }

    private func watch(_ socket: Int32, _ events: UInt32, adding: Bool = false) {
        var event = epoll_event()
        event.events = events
        event.data.fd = socket
        if epoll_ctl(epoll, adding ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, socket, &event) != 0, adding {
            epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event)
        }
    }
}

extension PostgreSQLConnection {
    /// Puts the connection in non-blocking pipeline mode for the I/O thread,
    /// once (it stays there: the thread is its only user).
    func entersNonBlockingPipelineMode() -> Bool {
        if PQpipelineStatus(handle) == PQ_PIPELINE_ON { return true }
        return PQsetnonblocking(handle, 1) == 0 && PQenterPipelineMode(handle) == 1
    }
}
