import CSQLite

extension SessionRow {
    /// The row's values as SQLite's `insertSession` binds them.
    var values: [SQLiteStatement.Value] {
        [
            .text(id), .text(csrfToken), .real(lastSeen), .integer(isIssuedAtClick ? 1 : 0),
            .integer(isBoundToPerson ? 1 : 0),
        ]
    }
}

/// SQLite's words for the write path's statements; the transaction's shape
/// is `BatchTransaction`'s, as on PostgreSQL.
extension SQLiteSessionStore.Statements: SessionDatabase {
    /// Runs `round` one statement after the other, stopping at the first failure.
    func run(_ round: [SessionStatement]) -> [StatementOutcome] {
        var outcomes: [StatementOutcome] = []
        outcomes.reserveCapacity(round.count)
        var failed = false
        for statement in round {
            let outcome = failed ? .skipped : run(statement)
            failed = failed || outcome.isFailure
            outcomes.append(outcome)
        }
        return outcomes
    }

    private func run(_ statement: SessionStatement) -> StatementOutcome {
        do throws(StoreError) {
            switch statement {
            case .begin: try begin.run([])
            case .commit: try commit.run([])
            case .rollBack:
                // SQLite ends the transaction itself on some failures (a full disk).
                if sqlite3_get_autocommit(connection.handle) == 0 { try rollBack.run([]) }
            case .lockSession(let id):
                // The write transaction (`BEGIN IMMEDIATE`) already holds the whole file.
                var lastSeen: Double?
                try selectLastSeen.run([.text(id)]) { lastSeen = $0.real(0) }
                return .lastSeen(lastSeen)
            case .selectPager(let id, let pager):
                var record: [UInt8]?
                try selectPager.run([.text(id), .text(pager)]) { record = $0.blob(0) }
                return .record(record)
            case .insertSession(let row): try insertSession.run(row.values)
            case .deletePagers(let id): try deletePagers.run([.text(id)])
            case .upsertPager(let id, let pager, let record):
                try upsertPager.run([.text(id), .text(pager), .blob(record)])
            case .touchSession(let id, let lastSeen): try touchSession.run([.real(lastSeen), .text(id)])
            case .movePagers(let old, let new): try movePagers.run([.text(new), .text(old)])
            case .deleteSession(let id): try deleteSession.run([.text(id)])
            }
            return .done
        } catch {
            let refusedByConstraint = sqlite3_errcode(connection.handle) & 0xFF == SQLITE_CONSTRAINT
            return .failed(error, refusedByConstraint ? .constraint : .other)
        }
    }
}
