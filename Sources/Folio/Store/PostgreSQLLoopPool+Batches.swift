/// Batches of writes and reads run by the I/O thread on the pool's
/// connections: each round is sent and its answer taken as the socket
/// becomes readable, so no thread waits on the database.
extension PostgreSQLLoopPool {
    typealias Done<Value> = @Sendable (Result<Value, StoreError>) -> Void

    /// Commits `batch` in one transaction (`BatchTransaction`, as SQLite's):
    /// per write `nil` or why it was refused alone, or why all of it failed.
    func commit(_ batch: [SessionWrite], then done: @escaping Done<[StoreError?]>) {
        withConnection(then: done) { connection, finished in
            var transaction = BatchTransaction(batch)
            let first = transaction.start()
            Self.drive(transaction, first, on: connection, then: finished)
        }
    }

    /// Reads the sessions `ids` in one query (`selectSessions`).
    func sessions(_ ids: [String], then done: @escaping Done<[String: SessionRecord]>) {
        let ids = PostgreSQLValue.array(.texts(ids))
        withConnection(then: done) { connection, finished in
            PostgreSQLIOThread.shared.send([.prepared(.selectSessions, [ids])], on: connection) {
                switch $0 {
                case .success(let answers):
                    switch answers.first {
                    case .rows(let rows)?: finished(.success(PostgreSQLSessionStore.sessions(in: rows)))
                    case .failed(let error, _)?: finished(.failure(error))
                    default: finished(.failure(StoreError("PostgreSQL skipped a read of sessions")))
                    }
                case .failure(let error): finished(.failure(error))
                }
            }
        }
    }

    /// Runs `work` on the I/O thread with a connection of the pool, which
    /// it gives back once `work` finished. A connection that was idle and
    /// turns out closed by the server (a restart) costs no request: the
    /// work runs once more on a new one (every batch can be run again).
    private func withConnection<Value: Sendable>(
        retrying: Bool = true, then done: @escaping Done<Value>,
        _ work:
            @escaping @Sendable (PostgreSQLConnection, @escaping (Result<Value, StoreError>) -> Void) -> Void
    ) {
        take(fresh: !retrying) { taken, reused in
            let connection: PostgreSQLConnection
            switch taken {
            case .failure(let error): return done(.failure(error))
            case .success(let handed): connection = handed
            }
            PostgreSQLIOThread.shared.execute {
                work(connection) { result in
                    self.giveBack(connection)
                    if case .failure = result, retrying, reused, connection.isBroken, !connection.timedOut {
                        return self.withConnection(retrying: false, then: done, work)
                    }
                    done(result)
                }
            }
        }
    }

    /// Runs `step` and the steps after it, each round's answer deciding the
    /// next. A joined round (`PostgreSQLRound`) that a constraint refused
    /// is undone and the batch run again unjoined, so the refusal falls on
    /// the one write it belongs to.
    private static func drive(
        _ transaction: BatchTransaction, _ step: BatchTransaction.Step, on connection: PostgreSQLConnection,
        grouping: Bool = true, then finished: @escaping (Result<[StoreError?], StoreError>) -> Void
    ) {
        switch step {
        case .finished(.committed(let outcomes)): finished(.success(outcomes))
        case .finished(.failed(let error)): finished(.failure(error))
        case .run(let statements):
            var pending = transaction
            let round = PostgreSQLRound(statements, grouping: grouping)
            PostgreSQLIOThread.shared.send(round.statements, on: connection) { answer in
                let outcomes: [StatementOutcome]
                switch answer {
                case .success(let answers): outcomes = round.outcomes(answers)
                case .failure(let error): outcomes = statements.map { _ in .failed(error, .other) }
                }
                if round.isGrouped, outcomes.contains(where: \.isConstraintFailure) {
                    return runUngrouped(pending, on: connection, then: finished)
                }
                let next = pending.next(after: outcomes)
                drive(pending, next, on: connection, grouping: grouping, then: finished)
            }
        }
    }

    /// Undoes the open transaction, then runs `transaction`'s batch from its start unjoined.
    private static func runUngrouped(
        _ transaction: BatchTransaction, on connection: PostgreSQLConnection,
        then finished: @escaping (Result<[StoreError?], StoreError>) -> Void
    ) {
        PostgreSQLIOThread.shared.send([SessionStatement.rollBack.pipelined], on: connection) { answer in
            guard case .success = answer else {
                return finished(.failure(StoreError("PostgreSQL: the batch could not be undone")))
            }
            var restarted = transaction.restarted
            let first = restarted.start()
            drive(restarted, first, on: connection, grouping: false, then: finished)
        }
    }
}

extension StatementOutcome {
    fileprivate var isConstraintFailure: Bool {
        if case .failed(_, .constraint) = self { true } else { false }
    }
}
