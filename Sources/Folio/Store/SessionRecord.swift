import FolioCore

/// Everything Folio keeps about one browser session.
public struct SessionRecord: Sendable, Equatable {
    /// The cookie value: 128 random bits as 32 lowercase hex digits.
    public var id: String
    /// The synchronizer token every POST of this session must carry.
    public var csrfToken: String
    /// When the session was last used, in seconds since 1970.
    public var lastSeen: Double
    /// Per pager key: that pager's state in this session. A pager the
    /// session never opened has no entry (it starts at its first page).
    public var pagers: [String: PagerRecord]
    /// Whether the server issued this id at a click (select or scroll).
    /// A session begun by a view has not: its first click moves it to a
    /// fresh id and token (`SessionManager.updatePagerAtClick`), so an id
    /// someone else planted in the browser before that is worthless after it.
    public var isIssuedAtClick: Bool
    /// Whether the session was made for a signed-in person: its cookie is
    /// then `id.tag` and only that form, under that person, reaches it
    /// (`SessionClaim`); the bare id names no session.
    public var isBoundToPerson: Bool

    /// Creates a record.
    /// - Parameters:
    ///   - isIssuedAtClick: Default false (a session begun by a view).
    ///   - isBoundToPerson: Default false (an anonymous visitor's session).
    public init(
        id: String, csrfToken: String, lastSeen: Double, pagers: [String: PagerRecord] = [:],
        isIssuedAtClick: Bool = false, isBoundToPerson: Bool = false
    ) {
        self.id = id
        self.csrfToken = csrfToken
        self.lastSeen = lastSeen
        self.pagers = pagers
        self.isIssuedAtClick = isIssuedAtClick
        self.isBoundToPerson = isBoundToPerson
    }
}

/// One pager's state in one session, and what its delegate has counted.
public struct PagerRecord: Sendable, Equatable, Codable {
    /// The FolioCore state: pages, selection, loaded pages.
    public var state: PagerState
    /// How many times each page (by key) was shown: the `pageDidShow`
    /// delegate callbacks of seed 004, counted.
    public var shownCounts: [String: Int]
    /// When the last click applied was made, by the browser's clock (ms
    /// since 1970), if it said: an older click arriving later is overtaken.
    public var lastClickAt: Double?

    /// Creates a record.
    public init(state: PagerState, shownCounts: [String: Int] = [:], lastClickAt: Double? = nil) {
        self.state = state
        self.shownCounts = shownCounts
        self.lastClickAt = lastClickAt
    }
}

/// A failure of the state store. Reads that fail are treated as missing
/// data; writes that fail turn into `503 Service Unavailable`.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, for the log and the 503 message.
    public var message: String
    /// Whether a conditional save was refused because the stored record
    /// changed since it was read (another instance's write came first).
    public var isConflict: Bool

    /// Creates an error.
    public init(_ message: String, isConflict: Bool = false) {
        self.message = message
        self.isConflict = isConflict
    }

    /// The message.
    public var description: String { message }
}

/// Where session records live between requests (and, for SQLite, between
/// runs). Implementations are thread-safe and synchronous: the HTTP layer
/// calls handlers on its event-loop threads.
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
    /// The session if it can be had without reading a disk; `nil` when it
    /// is absent or would take a read. For decisions that must not block.
    func sessionIfAtHand(id: String) -> SessionRecord?
    /// Whether writes wait for the disk (`synchronous=FULL`), so a request
    /// that writes may block for a while and is better answered off the
    /// event loop. Default true (the safe answer); in-memory stores say false.
    var isDurable: Bool { get }
}

extension SessionStore {
    /// Writes are assumed to wait for the disk.
    public var isDurable: Bool { true }

    /// Any read: right for stores that keep everything in memory.
    public func sessionIfAtHand(id: String) -> SessionRecord? { try? session(id: id) }

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
