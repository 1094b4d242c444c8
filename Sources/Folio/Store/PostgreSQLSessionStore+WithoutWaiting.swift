extension PostgreSQLSessionStore: SessionStoreWithoutWaiting {
    /// Queues the read for the next batch of reads and returns; `completion`
    /// runs on the reader, or at once with the own copy if accepted and kept.
    public func session(
        id: String, acceptingOwnCopy: Bool,
        then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void
    ) {
        if acceptingOwnCopy, let copy = ownCopy(of: id) { return completion(.success(copy)) }
        reads.read(id) { [ownCopies] read in
            // Every read leaves the latest this instance knows, even if a write
            // of its own landed meanwhile: a copy older than the stored record
            // costs one refused save, no more.
            if case .success(let found) = read { ownCopies.withLock { $0.keep(found, for: id) } }
            completion(read)
        }
    }

    public func ownCopy(of id: String) -> SessionRecord? { ownCopies.withLock { $0.copy(of: id) } }

    /// The conditional save of the blocking path, through the same
    /// completion as a click's, so a refused copy is dropped either way.
    public func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        let outcome = Waited<Result<Bool, StoreError>>()
        save(record, ifStill: expected, pager: pager, session: id, lastSeen: lastSeen, then: outcome.set)
        return try outcome.wait().get()
    }

    /// Queues the conditional save for the next group commit and returns;
    /// `completion` runs on the committer once it is committed, refused
    /// (the record changed, or the session is gone: decide again), or failed.
    public func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double, then completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        writes.saveIfStill(record, expected: expected, pager: pager, session: id, lastSeen: lastSeen) {
            [ownCopies] saved in
            if case .success(false) = saved { ownCopies.withLock { $0.refused(id) } }
            completion(saved)
        }
    }
}
