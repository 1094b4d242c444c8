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
    /// Commits a batch in one transaction (`commitPipelined`: two round
    /// trips). A write refused on its own (by a constraint, or because its
    /// session is gone or its record changed) fails alone and the others
    /// are kept. Any other failure (the connection lost, a timeout, at a
    /// statement or at the commit) throws: the transaction is rolled back
    /// and every write of the batch fails, none of it kept.
    /// - Returns: Per write, `nil` when committed, else its error.
    func commit(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        switch commitPipelined(batch) {
        case .committed(let outcomes): return outcomes
        case .failed(let error, _): throw error
        }
    }

    /// Commits like `commit(_:)`, once more when PostgreSQL chose this
    /// batch's transaction to undo a deadlock with another instance's (rare:
    /// batches take their sessions' rows in one order); nothing of the
    /// first try was kept then.
    func commitRetryingDeadlock(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        let error: StoreError
        let sqlState: String?
        switch commitPipelined(batch) {
        case .committed(let outcomes): return outcomes
        case .failed(let failure, let state): (error, sqlState) = (failure, state)
        }
        let deadlocked = sqlState == "40P01" || sqlState == "40001"
        guard deadlocked, !isBroken else { throw error }
        return try commit(batch)
    }

    static func changedMeanwhile(_ id: String) -> StoreError {
        StoreError(
            "session \(id.prefix(8))…'s record changed since it was read (another instance saved it)",
            isConflict: true)
    }

    static func sessionEnded(_ id: String) -> StoreError {
        StoreError("session \(id.prefix(8))… is no longer stored (removed or reissued meanwhile)")
    }
}
