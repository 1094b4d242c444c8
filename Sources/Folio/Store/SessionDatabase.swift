/// A connection that runs rounds of the write path's statements, waiting
/// for their answers (SQLite's, in-process): with it, `commit(_:)` commits a
/// batch in the shape `BatchTransaction` gives every store. PostgreSQL runs
/// the same shape from its sockets' readiness (`PostgreSQLLoopPool.commit`).
protocol SessionDatabase {
    /// Runs `round` in order, stopping at the first failure: the rest are `.skipped`.
    func run(_ round: [SessionStatement]) -> [StatementOutcome]
}

extension SessionDatabase {
    /// Commits `batch` in one transaction (`BatchTransaction`).
    /// - Returns: Per write, `nil` when committed, else why it was refused alone.
    /// - Throws: When the batch was undone as a whole: none of it was kept.
    func commit(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        var transaction = BatchTransaction(batch)
        var step = transaction.start()
        while true {
            switch step {
            case .run(let round): step = transaction.next(after: run(round))
            case .finished(.committed(let outcomes)): return outcomes
            case .finished(.failed(let error)): throw error
            }
        }
    }
}
