import FolioSync

/// How sessions live and die. Every default is stated.
public struct SessionConfiguration: Sendable, Hashable {
    /// A session unused this long (seconds) is forgotten. Default 7 days.
    public var idleTimeout: Double = 7 * 24 * 3600
    /// At most this many sessions exist; past it the least recently used
    /// are removed, so a flood of new clients cannot exhaust memory or disk.
    /// Default 100,000.
    public var maxSessions: Int = 100_000
    /// Last-seen times are written at most this often (seconds), so reading
    /// a page does not cost a disk write each time. Default 60.
    public var touchInterval: Double = 60

    /// Creates the defaults.
    public init() {}
}

/// Finds, creates, expires and caps sessions over a `SessionStore`.
///
/// A session is created only at a visitor's first click (select or
/// scroll); views, `/state`, `/public` and `/healthz` never create one.
public final class SessionManager: Sendable {
    /// The store sessions live in.
    public let store: any SessionStore
    /// Lifetimes and limits.
    public let configuration: SessionConfiguration
    /// Whether the store's writes wait for the disk (`SessionStore.isDurable`),
    /// read once so per-request checks do not go through the existential.
    public let storeIsDurable: Bool
    /// The store, when it reads and saves without a thread waiting.
    let storeWithoutWaiting: (any SessionStoreWithoutWaiting)?
    /// The store, when it keeps sessions in memory (`nil`: none is ever at hand).
    let storeAnsweringFromMemory: (any SessionStoreAnsweringFromMemory)?
    /// The store, when its writes go through the shared write path (which
    /// can make any save conditional, as a queued click's must be).
    let storeWritingInBatches: (any SessionStoreWritingInBatches)?
    let clock: any WallClock
    let random: any RandomSource
    let counts = LockedValue(Counts())
    /// Serializes read-reduce-save sequences per session so two requests of
    /// one session cannot lose each other's update; other sessions' saves go
    /// on meanwhile and share the store's commits.
    let updates = SessionLocks()

    struct Counts {
        var sessions: Int?
        var createdSinceSweep = 0
        /// Uses not yet written (they are written at most once per
        /// `touchInterval`), flushed before evicting so that a session in
        /// use is never taken for an idle one.
        var unwrittenUse: [String: Double] = [:]
    }

    /// Creates a manager.
    /// - Parameters:
    ///   - store: Where records live.
    ///   - configuration: Lifetimes and limits.
    ///   - clock: The time (injected for tests). Default the system clock.
    ///   - random: Ids and tokens (injected for tests). Default the secure generator.
    public init(
        store: any SessionStore, configuration: SessionConfiguration = SessionConfiguration(),
        clock: any WallClock = SystemWallClock(), random: any RandomSource = SystemRandomSource()
    ) {
        self.store = store
        self.configuration = configuration
        storeIsDurable = store.isDurable
        storeWithoutWaiting = store as? any SessionStoreWithoutWaiting
        storeAnsweringFromMemory = store as? any SessionStoreAnsweringFromMemory
        storeWritingInBatches = store as? any SessionStoreWritingInBatches
        self.clock = clock
        self.random = random
    }

    /// The current time from the injected clock.
    public var now: Double { clock.now }

    /// The live session a cookie claims, or `nil` when there is none, it
    /// has expired, or the claim may not reach it (`SessionClaim.admits`).
    /// - Parameter marksUse: Whether to mark it used (written at most once
    ///   per `touchInterval`). Default true; false for requests that must
    ///   change nothing stored (`HEAD`, cross-site).
    /// - Throws: `StoreError` when the store cannot be read.
    public func session(_ claim: SessionClaim?, marksUse: Bool = true) throws(StoreError) -> SessionRecord? {
        try sessionNotingUse(claim, notes: marksUse)?.record
    }

    /// The live session named by a cookie value, without marking it used,
    /// and whether reading it through `session(id:)` now would write its
    /// last-seen time (the touch is due). `nil` when there is none, it has
    /// expired, or it is not at hand without reading the disk (the store's
    /// cache): for deciding, on the event loop, where to answer a request.
    public func peekSession(_ claim: SessionClaim?) -> (record: SessionRecord, touchDue: Bool)? {
        peekSession(claim, now: clock.now)
    }

    /// `peekSession(_:)` as of `now` (a request's instant).
    func peekSession(_ claim: SessionClaim?, now: Double) -> (record: SessionRecord, touchDue: Bool)? {
        guard let claim, Self.isWellFormed(claim.id),
            let record = storeAnsweringFromMemory?.sessionIfAtHand(id: claim.id),
            isLive(record, now), claim.admits(record)
        else { return nil }
        return (record, isUseDue(record, at: now))
    }

    /// The stored record `claim` names unless it is malformed, absent, idle
    /// past `idleTimeout` at `now`, or not the claim's to reach.
    private func liveRecord(_ claim: SessionClaim?, now: Double) throws(StoreError) -> SessionRecord? {
        guard let claim, Self.isWellFormed(claim.id), let record = try store.session(id: claim.id),
            isLive(record, now), claim.admits(record)
        else { return nil }
        return record
    }

    func isLive(_ record: SessionRecord, _ now: Double) -> Bool {
        now - record.lastSeen <= configuration.idleTimeout
    }

    private func lookup(_ claim: SessionClaim?, now: Double) throws(StoreError) -> (
        record: SessionRecord, touched: Bool
    )? {
        guard var record = try liveRecord(claim, now: now) else { return nil }
        let touched = noteUse(of: record, at: now)
        if touched { record.lastSeen = now }
        return (record, touched)
    }

    /// Notes a use of a live session just read: in memory, written at most
    /// once per `touchInterval` (then it writes, and returns true, so the
    /// answer renews the cookie).
    public func noteUse(of record: SessionRecord) -> Bool {
        noteUse(of: record, at: clock.now)
    }

    /// `noteUse(of:)` as of `now` (a request's instant).
    func noteUse(of record: SessionRecord, at now: Double) -> Bool {
        guard isUseDue(record, at: now) else {
            counts.withLock { $0.unwrittenUse[record.id] = now }
            return false
        }
        // Failing to note the time must not fail a read.
        try? store.touch(id: record.id, lastSeen: now)
        counts.withLock { $0.unwrittenUse[record.id] = nil }
        return true
    }

    /// Whether `record`'s use at `now` is due to be written: its last-seen
    /// time is written at most once per `touchInterval`.
    func isUseDue(_ record: SessionRecord, at now: Double) -> Bool {
        now - record.lastSeen >= configuration.touchInterval
    }

    /// The last-seen time a save of `session` at `now` stores: `now` when
    /// the use is due to be written (once per `touchInterval`), else the
    /// stored time, with the use noted in memory as a view's is, so most
    /// saves do not rewrite the session's row and its index entry too.
    func lastSeenToSave(for session: SessionRecord, at now: Double) -> Double {
        if isUseDue(session, at: now) { return now }
        counts.withLock { $0.unwrittenUse[session.id] = now }
        return session.lastSeen
    }

    /// The live session named by a cookie value, and whether reading it
    /// wrote its last-seen time (so the answer renews the cookie).
    /// - Parameter notes: Whether to note the use at all; false for requests
    ///   that must change nothing stored (`HEAD`, cross-site).
    /// - Throws: `StoreError` when the store cannot be read.
    public func sessionNotingUse(_ claim: SessionClaim?, notes: Bool) throws(StoreError) -> (
        record: SessionRecord, touched: Bool
    )? {
        try sessionNotingUse(claim, notes: notes, at: clock.now)
    }

    /// `sessionNotingUse(_:notes:)` as of `now` (a request's instant).
    func sessionNotingUse(_ claim: SessionClaim?, notes: Bool, at now: Double) throws(StoreError) -> (
        record: SessionRecord, touched: Bool
    )? {
        if !notes { return try liveRecord(claim, now: now).map { ($0, false) } }
        return try lookup(claim, now: now)
    }

    /// Creates a session at a visitor's first click, with its pagers'
    /// records, in one durable write; its id and token are fresh.
    /// - Parameter boundToPerson: Whether a signed-in person clicked: the
    ///   session is then theirs alone (`SessionRecord.isBoundToPerson`).
    /// - Throws: `StoreError` when it cannot be written; nothing changed then.
    public func createSession(pagers: [String: PagerRecord], boundToPerson: Bool) throws(StoreError)
        -> SessionRecord
    {
        try makeRoomIfNeeded()
        let record = SessionRecord(
            id: random.hexToken(), csrfToken: random.hexToken(), lastSeen: clock.now, pagers: pagers,
            isIssuedAtClick: true, isBoundToPerson: boundToPerson)
        try store.insert(record)
        counts.withLock { $0.sessions = $0.sessions.map { $0 + 1 } }
        return record
    }

    /// `count` bytes from the manager's random source (form-token nonces).
    public func randomBytes(count: Int) -> [UInt8] { random.randomBytes(count: count) }

    /// Whether `token` is this session's CSRF token (constant-time compare).
    public func isValidToken(_ token: String?, for session: SessionRecord) -> Bool {
        guard let token else { return false }
        let expected = session.csrfToken
        return token.withUTF8InPlace { given in
            expected.withUTF8InPlace {
                HMACSHA256.isEqual(UnsafeRawBufferPointer(given), UnsafeRawBufferPointer($0))
            }
        }
    }

    /// Only 32 lowercase hex digits can be an id; anything else is not
    /// looked up at all.
    static func isWellFormed(_ id: String) -> Bool {
        guard id.utf8.count == 32 else { return false }
        // Over the bytes in place: this runs for every request with a
        // cookie (twice), and stepping through `utf8` by index cost several times more.
        return id.withUTF8InPlace { $0.allSatisfy { Hex.value(of: $0) != nil } }
    }

    /// Sweeps idle sessions now and then, and removes the least recently
    /// used when the cap is reached.
    private func makeRoomIfNeeded() throws(StoreError) {
        let (known, sweep) = counts.withLock { counts -> (Int?, Bool) in
            counts.createdSinceSweep += 1
            let sweep = counts.createdSinceSweep >= 1000
            if sweep { counts.createdSinceSweep = 0 }
            return (counts.sessions, sweep)
        }
        if sweep {
            flushUnwrittenUse()
            _ = try? store.removeSessions(idleBefore: clock.now - configuration.idleTimeout)
        }
        var current: Int
        if let known, !sweep { current = known } else { current = try store.count() }
        if current >= configuration.maxSessions {
            flushUnwrittenUse()
            let excess = current - configuration.maxSessions + 1
            // Remove a tenth at once so a flood does not pay this per request.
            try store.removeLeastRecentlySeen(count: max(excess, configuration.maxSessions / 10))
            current = try store.count()
        }
        counts.withLock { $0.sessions = current }
    }

    /// Writes the uses noted since the last touches, in one go.
    private func flushUnwrittenUse() {
        let uses = counts.withLock { counts in
            defer { counts.unwrittenUse = [:] }
            return counts.unwrittenUse
        }
        try? store.touch(uses)
    }
}
