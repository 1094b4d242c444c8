/// A store that keeps sessions, or the recently used ones, in this
/// process's memory, so it can answer for them without waiting for a disk
/// or a database: a click of such a session is decided on the event loop
/// (`SessionManager.updatePagerWithoutWaiting`). A store shared by several
/// instances (PostgreSQL) is not one: a session kept here could be stale.
public protocol SessionStoreAnsweringFromMemory: SessionStore {
    /// The session if this process has it in memory (`nil`: absent, or only
    /// a read of the disk would tell). Never waits.
    func sessionIfAtHand(id: String) -> SessionRecord?
}
