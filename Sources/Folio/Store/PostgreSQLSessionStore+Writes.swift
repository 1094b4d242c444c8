extension SessionWrite {
    /// The session whose row this write locks first. A batch applies its
    /// writes in this order (ties in queue order), so two instances' batches
    /// take their row locks in one order and do not deadlock each other.
    var lockOrder: String {
        switch self {
        case .insert(let row, _): row.id
        case .savePager(let id, _, _, _, _): id
        case .reissue(let old, _, _): old
        case .touch(let uses): uses.map(\.session).min() ?? ""
        }
    }
}

extension SessionRow {
    var postgreSQLValues: [PostgreSQLValue] {
        [.text(id), .text(csrfToken), .real(lastSeen), .boolean(isIssuedAtClick), .boolean(isBoundToPerson)]
    }
}

extension PostgreSQLConnection {
    /// Commits a batch in one transaction. Each write of a batch of several
    /// runs inside its own savepoint, so a write refused on its own (by a
    /// constraint, or because its session is gone) is undone alone and the
    /// others are kept. Any other failure (the connection lost, a timeout,
    /// at a statement or at the commit) throws: the transaction is rolled
    /// back and every write of the batch fails, none of it kept.
    /// - Returns: Per write, `nil` when committed, else its error.
    func commit(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        if batch.count == 1 {
            return try transaction { () throws(StoreError) -> [StoreError?] in
                if let refused = try apply(batch[0]) { throw refused }
                return [nil]
            }
        }
        let order = batch.indices.sorted { (batch[$0].lockOrder, $0) < (batch[$1].lockOrder, $1) }
        return try transaction { () throws(StoreError) -> [StoreError?] in
            var errors = [StoreError?](repeating: nil, count: batch.count)
            for index in order {
                try execute("SAVEPOINT write")
                do throws(StoreError) {
                    errors[index] = try apply(batch[index])
                } catch {
                    guard lastFailureWasConstraint, !isBroken else { throw error }
                    errors[index] = error
                }
                try execute(errors[index] == nil ? "RELEASE SAVEPOINT write" : "ROLLBACK TO SAVEPOINT write")
            }
            return errors
        }
    }

    /// Commits like `commit(_:)`, once more when PostgreSQL chose this
    /// batch's transaction to undo a deadlock with another instance's (rare:
    /// batches take their sessions' rows in one order); nothing of the
    /// first try was kept then.
    func commitRetryingDeadlock(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        do throws(StoreError) {
            return try commit(batch)
        } catch {
            let deadlocked = lastSQLState == "40P01" || lastSQLState == "40001"
            guard deadlocked, !isBroken else { throw error }
            return try commit(batch)
        }
    }

    /// Applies one write; returns why it was refused on its own (its
    /// session is gone), or throws what the database refused.
    private func apply(_ write: SessionWrite) throws(StoreError) -> StoreError? {
        switch write {
        case .insert(let row, let pagers):
            try run(.insertSession, row.postgreSQLValues)
            try run(.deletePagers, [.text(row.id)])
            for (pager, record) in pagers {
                try run(.upsertPager, [.text(row.id), .text(pager), .bytes(record)])
            }
        case .savePager(let id, let pager, let record, let lastSeen, let expected):
            // The row lock orders this save after any other instance's write
            // of the session still open, and finds a session removed meanwhile.
            let locked = try run(.lockSession, [.text(id)])
            guard locked.count == 1 else { return Self.sessionEnded(id) }
            if let expected {
                let stored = try run(.selectPager, [.text(id), .text(pager)])
                guard expected.matches(stored.count == 1 ? stored.bytes(0, 0) : nil) else {
                    return Self.changedMeanwhile(id)
                }
            }
            try run(.upsertPager, [.text(id), .text(pager), .bytes(record)])
            if let lastSeen, lastSeen > locked.real(0, 0) {
                try run(.touchSession, [.real(lastSeen), .text(id)])
            }
        case .reissue(let old, let row, let changed):
            // Two first clicks of one session on two instances: the second
            // waits here, then finds the session gone rather than moving nothing.
            guard try run(.lockSession, [.text(old)]).count == 1 else { return Self.sessionEnded(old) }
            try run(.insertSession, row.postgreSQLValues)
            try run(.movePagers, [.text(row.id), .text(old)])
            if let (pager, record) = changed {
                try run(.upsertPager, [.text(row.id), .text(pager), .bytes(record)])
            }
            try run(.deleteSession, [.text(old)])
        case .touch(let uses):
            for (id, lastSeen) in uses.sorted(by: { $0.session < $1.session }) {
                try run(.touchSession, [.real(lastSeen), .text(id)])
            }
        }
        return nil
    }

    private static func changedMeanwhile(_ id: String) -> StoreError {
        StoreError(
            "session \(id.prefix(8))…'s record changed since it was read (another instance saved it)",
            isConflict: true)
    }

    private static func sessionEnded(_ id: String) -> StoreError {
        StoreError("session \(id.prefix(8))… is no longer stored (removed or reissued meanwhile)")
    }
}
