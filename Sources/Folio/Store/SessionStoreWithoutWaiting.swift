/// A store that reads and saves sessions without a thread waiting for it,
/// so a click can be decided in a read's completion and answered from its
/// save's (`SessionManager.readWithoutWaiting` and `updatePagerWithoutWaiting`).
public protocol SessionStoreWithoutWaiting: SessionStore {
    /// Reads session `id` and returns at once; `completion` runs, on
    /// whatever thread finished the read, with the session (`nil`: none)
    /// or why it could not be read.
    func session(
        id: String, then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void)
    /// `save(_:ifStill:pager:session:lastSeen:)` that returns at once:
    /// `completion` runs once the save is durable (`true`), refused
    /// because the record changed since it was read (`false`, nothing
    /// changed), or failed.
    func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double, then completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
}
