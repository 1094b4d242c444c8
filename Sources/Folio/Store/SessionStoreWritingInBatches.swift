/// A store whose writes all go through the one write path both durable
/// stores share (`SessionWrites`: group commit, `BatchTransaction`): this
/// extension is their insert, reissue, touch and saves, so SQLite and
/// PostgreSQL differ only in their statements.
public protocol SessionStoreWritingInBatches: SessionStore {
    /// The store's write path.
    var writes: SessionWrites { get }
}

extension SessionStoreWritingInBatches {
    /// Adds a new session with its pagers in one transaction, durable when
    /// this returns (pager rows left under the id are dropped first).
    public func insert(_ session: SessionRecord) throws(StoreError) { try writes.insert(session) }

    /// Replaces session `id` by `session` (a new id and token) in one
    /// transaction: the new row, the pagers moved to it, the changed one
    /// saved, the old row deleted.
    public func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        try writes.reissue(id, as: session, changedPager: changedPager)
    }

    /// Records that a session was used at `lastSeen`.
    public func touch(id: String, lastSeen: Double) throws(StoreError) { try writes.touch([id: lastSeen]) }

    /// Records the last use of many sessions in one transaction.
    public func touch(_ uses: [String: Double]) throws(StoreError) { try writes.touch(uses) }

    /// Saves one pager's record of a session; durable when this returns.
    public func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double)
        throws(StoreError)
    {
        try writes.save(record, ifStill: nil, pager: pager, session: id, lastSeen: lastSeen)
    }

    /// Saves only while the stored record is still `expected`, checked
    /// under the session's row lock in the batch's transaction (a conflict
    /// fails it alone and returns false).
    public func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        try writes.save(
            record, ifStill: ExpectedPager(record: expected), pager: pager, session: id, lastSeen: lastSeen)
    }

    /// Queues the save for the next group commit and returns; `completion`
    /// runs on the committer once it is durable (a cache shows it first) or failed.
    public func save(
        _ record: PagerRecord, pager: String, session id: String, lastSeen: Double,
        then completion: @escaping @Sendable (StoreError?) -> Void
    ) {
        writes.save(record, ifStill: nil, pager: pager, session: id, lastSeen: lastSeen, then: completion)
    }
}
