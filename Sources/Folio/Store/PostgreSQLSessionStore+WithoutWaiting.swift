extension PostgreSQLSessionStore: SessionStoreWithoutWaiting {
    /// Queues the read for the next batch of reads and returns; `completion`
    /// runs on the reader.
    public func session(
        id: String, then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void
    ) {
        reads.read(id, then: completion)
    }

    /// Queues the conditional save for the next group commit and returns;
    /// `completion` runs on the committer once it is committed, refused as
    /// a conflict, or failed.
    public func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double, then completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        writes.save(
            record, ifStill: ExpectedPager(record: expected), pager: pager, session: id, lastSeen: lastSeen
        ) { error in
            switch error {
            case nil: completion(.success(true))
            case let error? where error.isConflict: completion(.success(false))
            case let error?: completion(.failure(error))
            }
        }
    }
}
