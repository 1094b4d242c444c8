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

extension SQLiteSessionStore.Statements {
    /// Commits a batch in one transaction (one disk sync). Each write of a
    /// batch of several runs inside its own savepoint, so a write refused
    /// by a constraint (its session evicted meanwhile, say) is undone alone
    /// and the others are kept. Any other failure (a full disk, an I/O
    /// error, at a statement or at the commit) throws: the transaction is
    /// rolled back and every write of the batch fails, none of it kept.
    /// - Returns: Per write, `nil` when committed, else its error.
    func commit(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        if batch.count == 1 {
            try connection.transaction { () throws(StoreError) in try apply(batch[0]) }
            return [nil]
        }
        return try connection.transaction { () throws(StoreError) -> [StoreError?] in
            var errors: [StoreError?] = []
            errors.reserveCapacity(batch.count)
            for write in batch {
                try beginWrite.run([])
                do throws(StoreError) {
                    try apply(write)
                    try endWrite.run([])
                    errors.append(nil)
                } catch {
                    let refusedByConstraint = sqlite3_errcode(connection.handle) & 0xFF == SQLITE_CONSTRAINT
                    // Still in the transaction (SQLite may have rolled it back) and only this write to blame.
                    guard refusedByConstraint, sqlite3_get_autocommit(connection.handle) == 0 else {
                        throw error
                    }
                    try undoWrite.run([])
                    try endWrite.run([])
                    errors.append(error)
                }
            }
            return errors
        }
    }

    private func apply(_ write: SessionWrite) throws(StoreError) {
        switch write {
        case .insert(let row, let pagers):
            try insertSession.run(row.values)
            try deletePagers.run([.text(row.id)])
            for (pager, record) in pagers {
                try upsertPager.run([.text(row.id), .text(pager), .blob(record)])
            }
        case .savePager(let id, let pager, let record, let lastSeen, _):
            try upsertPager.run([.text(id), .text(pager), .blob(record)])
            if let lastSeen { try touchSession.run([.real(lastSeen), .text(id)]) }
        case .reissue(let old, let row, let changed):
            try insertSession.run(row.values)
            try movePagers.run([.text(row.id), .text(old)])
            if let (pager, record) = changed {
                try upsertPager.run([.text(row.id), .text(pager), .blob(record)])
            }
            try deleteSession.run([.text(old)])
        case .touch(let uses):
            for (id, lastSeen) in uses { try touchSession.run([.real(lastSeen), .text(id)]) }
        }
    }
}
