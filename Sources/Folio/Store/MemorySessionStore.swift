import FolioSync

/// Sessions kept in memory only (`--state memory`): lost when the process
/// ends. Also the store tests use.
public final class MemorySessionStore: SessionStoreAnsweringFromMemory {
    private let sessions = LockedValue<[String: SessionRecord]>([:])
    private let secret = LockedValue<[UInt8]?>(nil)

    /// Creates an empty store.
    public init() {}

    /// Nothing waits for a disk: writes never block.
    public var isDurable: Bool { false }

    /// The session with this id, or `nil`.
    public func session(id: String) throws(StoreError) -> SessionRecord? {
        sessions.withLock { $0[id] }
    }

    /// Every session is at hand.
    public func sessionIfAtHand(id: String) -> SessionRecord? {
        sessions.withLock { $0[id] }
    }

    /// Adds a new session with its pagers, in one step.
    public func insert(_ session: SessionRecord) throws(StoreError) {
        sessions.withLock { $0[session.id] = session }
    }

    /// The first candidate this store was given, kept for its lifetime.
    public func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        secret.withLock { stored in
            if let stored { return stored }
            stored = candidate
            return candidate
        }
    }

    /// Records that a session was used at `lastSeen`.
    public func touch(id: String, lastSeen: Double) throws(StoreError) {
        sessions.withLock { $0[id]?.lastSeen = lastSeen }
    }

    /// Saves one pager's record of a session; durable when this returns.
    public func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double)
        throws(StoreError)
    {
        sessions.withLock {
            $0[id]?.pagers[pager] = record
            $0[id]?.lastSeen = lastSeen
        }
    }

    /// Replaces session `id` by `session` (a new id and token).
    public func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        sessions.withLock { sessions in
            var moved = session
            moved.pagers = (sessions[id]?.pagers ?? [:]).merging(session.pagers) { $1 }
            sessions[id] = nil
            sessions[session.id] = moved
        }
    }

    /// Removes sessions idle since before `cutoff`; returns how many.
    public func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int {
        sessions.withLock { sessions in
            let before = sessions.count
            sessions = sessions.filter { $0.value.lastSeen >= cutoff }
            return before - sessions.count
        }
    }

    /// Removes the `count` least recently seen sessions.
    public func removeLeastRecentlySeen(count: Int) throws(StoreError) {
        guard count > 0 else { return }
        sessions.withLock { sessions in
            // Sorting the times alone, not the records, keeps the lock short
            // when a flood evicts a tenth of 100,000 sessions at a time.
            let times = sessions.values.map(\.lastSeen).sorted()
            guard count < times.count else { return sessions.removeAll() }
            let cutoff = times[count - 1]
            var tiesToRemove = count - times.prefix(count).count { $0 < cutoff }
            var victims: [String] = []
            victims.reserveCapacity(count)
            for (id, record) in sessions where record.lastSeen <= cutoff {
                if record.lastSeen == cutoff {
                    guard tiesToRemove > 0 else { continue }
                    tiesToRemove -= 1
                }
                victims.append(id)
            }
            for id in victims { sessions[id] = nil }
        }
    }

    /// How many sessions are stored.
    public func count() throws(StoreError) -> Int {
        sessions.withLock { $0.count }
    }
}
