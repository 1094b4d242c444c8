/// Where session records live between requests (and, for SQLite, between
/// runs). Implementations are thread-safe and synchronous: the HTTP layer
/// calls handlers on its event-loop threads. What a store can do beyond
/// this it says in its type: `SessionStoreAnsweringFromMemory` (a session
/// read without waiting for a disk, when it has it at hand) and
/// `SessionStoreWithoutWaiting` (reads and saves that complete later).
public protocol SessionStore: Sendable {
    /// The session with this id, or `nil` when there is none.
    /// - Throws: `StoreError` when the store cannot be read.
    func session(id: String) throws(StoreError) -> SessionRecord?
    /// Adds a new session with its pagers, in one step, durably before it
    /// returns; nothing changes when it throws. A session created at a
    /// click (views keep no state) arrives with the pager that was clicked
    /// and `isIssuedAtClick` set, and must not exist without them.
    /// - Throws: `StoreError` when it cannot be written.
    func insert(_ session: SessionRecord) throws(StoreError)
    /// The secret that signs the forms of visitors without a session: the
    /// one stored, after storing `candidate` when none is. The first
    /// instance to start on a store decides; every later start, and every
    /// instance sharing the store, gets the same bytes. Durable before it
    /// returns.
    /// - Parameter candidate: A fresh random secret (32 bytes), kept only
    ///   when the store has none.
    /// - Throws: `StoreError` when the store cannot be read or written.
    func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8]
    /// Records that a session was used at `lastSeen`.
    func touch(id: String, lastSeen: Double) throws(StoreError)
    /// Records the last use of many sessions at once (one transaction).
    func touch(_ uses: [String: Double]) throws(StoreError)
    /// Saves one pager's record of one session, durably before it returns.
    func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double) throws(StoreError)
    /// Saves like `save(_:pager:session:lastSeen:)`, but only while the
    /// stored record of `pager` is still `expected` (`nil`: none stored), as
    /// its caller read it: a store shared by several instances must not let
    /// one overwrite a record another wrote since (`SessionManager` then
    /// reads again and decides again).
    /// - Returns: Whether it saved; false, nothing changed, on a conflict.
    /// Default: saves unconditionally (one instance, whose `SessionLocks`
    /// already keep a session's record from changing under its update).
    func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool
    /// Saves like `save(_:pager:session:lastSeen:)` but returns at once:
    /// `completion` runs, on whatever thread finished the write, once the
    /// record is durable (`nil`) or could not be saved (the error; nothing
    /// changed then). Reads show the record only once it is durable. For
    /// answers sent from the completion, without a thread waiting for the disk.
    /// Default: saves on the calling thread, then completes.
    func save(
        _ record: PagerRecord, pager: String, session id: String, lastSeen: Double,
        then completion: @escaping @Sendable (StoreError?) -> Void)
    /// Replaces session `id` by `session` (a new id and token) in one
    /// step, durably before it returns: `session`'s row is added with the
    /// pagers `id` had, its `changedPager` record is saved, and `id` is
    /// gone. Nothing changes when it throws.
    func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError)
    /// Removes sessions last seen before `cutoff`, returning how many.
    func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int
    /// Removes the `count` least recently seen sessions.
    func removeLeastRecentlySeen(count: Int) throws(StoreError)
    /// How many sessions are stored.
    func count() throws(StoreError) -> Int
    /// Whether writes wait for the disk or the database, so a request that
    /// writes may block for a while and is better answered off the event
    /// loop. Every store says: in-memory stores false, the others true.
    var isDurable: Bool { get }
}

extension SessionStore {
    /// Saves unconditionally: right for a store only one instance opens.
    public func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        try save(record, pager: pager, session: id, lastSeen: lastSeen)
        return true
    }

    /// Saves on the calling thread, then completes.
    public func save(
        _ record: PagerRecord, pager: String, session id: String, lastSeen: Double,
        then completion: @escaping @Sendable (StoreError?) -> Void
    ) {
        do throws(StoreError) {
            try save(record, pager: pager, session: id, lastSeen: lastSeen)
            completion(nil)
        } catch {
            completion(error)
        }
    }

    /// Records the last use of many sessions, one `touch(id:lastSeen:)` each.
    public func touch(_ uses: [String: Double]) throws(StoreError) {
        for (id, lastSeen) in uses { try touch(id: id, lastSeen: lastSeen) }
    }
}
