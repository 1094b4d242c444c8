/// The writes every durable store offers (`SessionStore`'s insert, reissue,
/// touch and saves), over one group commit: SQLite and PostgreSQL share
/// this code (`SessionStoreWritingInBatches`) and differ only in how a
/// batch's statements run. Public only as a store's handle on it.
public final class SessionWrites: Sendable {
    /// What a durable write changed, for a store that keeps sessions in memory.
    enum Written: Sendable {
        case inserted(SessionRecord)
        case reissued(old: String, as: SessionRecord)
        case touched([String: Double])
        case saved(PagerRecord, pager: String, session: String, lastSeen: Double)
    }

    /// Every write goes through here: one transaction per batch.
    let group: GroupCommit<SessionWrite>
    private let written: @Sendable (Written) -> Void

    /// - Parameters:
    ///   - group: Commits the batches.
    ///   - written: Runs once a write is durable, before its caller hears
    ///     of it, on the thread that committed it (a cache updates there).
    init(_ group: GroupCommit<SessionWrite>, written: @escaping @Sendable (Written) -> Void) {
        self.group = group
        self.written = written
    }

    /// Adds a new session with its pagers in one transaction (any pager
    /// rows left under the id are dropped first, so the stored session is `session`).
    func insert(_ session: SessionRecord) throws(StoreError) {
        var pagers: [(pager: String, record: [UInt8])] = []
        for (pager, record) in session.pagers { pagers.append((pager, record.storedJSON)) }
        try group.commit(.insert(SessionRow(session), pagers: pagers))
        written(.inserted(session))
    }

    /// Replaces session `id` by `session` in one transaction: the new row,
    /// the pagers moved to it, the changed one saved, the old row deleted.
    func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        let changed = session.pagers[changedPager].map { (pager: changedPager, record: $0.storedJSON) }
        try group.commit(.reissue(old: id, as: SessionRow(session), changed: changed))
        written(.reissued(old: id, as: session))
    }

    /// Records the last use of sessions, in one transaction.
    func touch(_ uses: [String: Double]) throws(StoreError) {
        guard !uses.isEmpty else { return }
        try group.commit(.touch(uses.map { ($0.key, $0.value) }))
        written(.touched(uses))
    }

    /// Saves one pager's record of a session, and its last use when later
    /// than the stored one; with `expected`, only while the stored record is
    /// still that one (checked under the session's row lock). Returns at
    /// once; `completion` runs once it is durable (`nil`), refused (a
    /// conflicting one with `isConflict`) or failed, nothing changed then.
    func save(
        _ record: PagerRecord, ifStill expected: ExpectedPager?, pager: String, session id: String,
        lastSeen: Double, then completion: @escaping @Sendable (StoreError?) -> Void
    ) {
        let write = SessionWrite.savePager(
            session: id, pager: pager, record: record.storedJSON, lastSeen: lastSeen, expected: expected)
        group.enqueue(write) { [written] error in
            if error == nil { written(.saved(record, pager: pager, session: id, lastSeen: lastSeen)) }
            completion(error)
        }
    }

    /// A save only while the stored record is still `expected`, whose
    /// completion says whether it saved: `false` (nothing changed) when it
    /// was refused because the record changed or the session is gone, so
    /// the caller decides again.
    func saveIfStill(
        _ record: PagerRecord, expected: PagerRecord?, pager: String, session id: String, lastSeen: Double,
        then completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void
    ) {
        let condition = ExpectedPager(record: expected)
        save(record, ifStill: condition, pager: pager, session: id, lastSeen: lastSeen) { error in
            switch error {
            case nil: completion(.success(true))
            case let error? where error.isConflict || error.isSessionGone: completion(.success(false))
            case let error?: completion(.failure(error))
            }
        }
    }

    /// `save(_:ifStill:…then:)` that returns once it is durable.
    /// - Returns: Whether it saved; false, nothing changed, on a conflict.
    @discardableResult
    func save(
        _ record: PagerRecord, ifStill expected: ExpectedPager?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        let outcome = Waited<StoreError?>()
        save(record, ifStill: expected, pager: pager, session: id, lastSeen: lastSeen, then: outcome.set)
        switch outcome.wait() {
        case nil: return true
        case let error? where error.isConflict: return false
        case let error?: throw error
        }
    }
}
