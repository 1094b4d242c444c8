/// A store that reads and saves sessions without a thread waiting for it,
/// so a click can be decided in a read's completion and answered from its
/// save's (`SessionManager.readWithoutWaiting` and `updatePagerWithoutWaiting`).
public protocol SessionStoreWithoutWaiting: SessionStore {
    /// Reads session `id` and returns at once; `completion` runs, on
    /// whatever thread finished the read, with the session (`nil`: none)
    /// or why it could not be read. With `acceptingOwnCopy`, for a click
    /// whose save is conditional on what it read, it may run at once with
    /// this process's own last copy, which another instance may have
    /// changed since: such a save is refused (`false`) and the copy dropped.
    func session(
        id: String, acceptingOwnCopy: Bool,
        then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void)
    /// This process's own last copy of session `id`, if it keeps one: at
    /// least as new as any it answered a read with. Never waits.
    func ownCopy(of id: String) -> SessionRecord?
    /// `save(_:ifStill:pager:session:lastSeen:)` that returns at once:
    /// `completion` runs once the save is durable (`true`), refused
    /// because the record changed since it was read or the session is no
    /// longer stored (`false`, nothing changed: decide again on a fresh
    /// read), or failed.
    func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double, then completion: @escaping @Sendable (Result<Bool, StoreError>) -> Void)
}
