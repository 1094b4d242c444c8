import Foundation

/// Which sessions are in the middle of a read-change-save: two clicks of
/// one session never lose each other's change, while clicks of different
/// sessions save concurrently, so their writes can share one commit.
///
/// Two ways in. A thread that may wait (`withLock`) has the session to
/// itself from its read until its save is durable, and waits until no save
/// of it is under way. A click that must not wait (`tryTake`) has it only
/// while it decides and queues its save: the session is then given back
/// with the record as that save leaves it (`queuedSave`), so the next
/// click of it decides on that record and queues its save behind, without
/// waiting for the first commit (two saves of one session in one batch
/// keep their order, `BatchTransaction`).
final class SessionLocks: @unchecked Sendable {
    /// What `tryTake` found.
    struct Taken {
        /// The session as its queued saves leave it, when saves of it are
        /// under way (`nil`: none; the store's copy is the latest).
        let afterQueuedSaves: SessionRecord?
    }

    private let condition = NSCondition()
    // All guarded by `condition`.
    private var taken: Set<String> = []
    /// Sessions with saves queued by `tryTake`'s takers and not yet ended:
    /// the last one queued, and how many.
    private var saving: [String: (last: QueuedSave, count: Int)] = [:]
    /// Sessions a `withLock` caller waits for: `tryTake` leaves them to it,
    /// so a stream of clicks cannot keep it waiting.
    private var waiting: [String: Int] = [:]

    /// Runs `body` with session `id` taken, waiting while someone else has
    /// it or a save of it is under way.
    func withLock<Result, Failure: Error>(
        for id: String, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        waiting[id, default: 0] += 1
        while taken.contains(id) || saving[id] != nil { condition.wait() }
        waiting[id] = waiting[id].flatMap { $0 > 1 ? $0 - 1 : nil }
        taken.insert(id)
        condition.unlock()
        defer { release(id) }
        return try body()
    }

    /// Takes session `id` unless someone has it or waits for it; the taker
    /// must `release` it.
    func tryTake(_ id: String) -> Taken? {
        condition.lock()
        defer { condition.unlock() }
        guard waiting[id] == nil, taken.insert(id).inserted else { return nil }
        return Taken(afterQueuedSaves: saving[id]?.last.sessionAfter)
    }

    /// A save of one pager of a session, queued by a taker.
    struct QueuedSave {
        /// The session the save was decided on.
        let session: SessionRecord
        let pager: String
        let record: PagerRecord
        let lastSeen: Double

        /// The session as the save leaves it: made only for a click queued
        /// behind it, not for every save.
        var sessionAfter: SessionRecord {
            var after = session
            after.pagers[pager] = record
            after.lastSeen = max(session.lastSeen, lastSeen)
            return after
        }
    }

    /// Notes, while the taker still has session `id`, that it queues
    /// `save`; `saveEnded` must follow once it ended.
    func queuedSave(_ id: String, _ save: QueuedSave) {
        condition.lock()
        saving[id] = (save, (saving[id]?.count ?? 0) + 1)
        condition.unlock()
    }

    /// A save noted by `queuedSave` is durable, refused or failed.
    func saveEnded(_ id: String) {
        condition.lock()
        if let entry = saving[id], entry.count > 1 {
            saving[id] = (entry.last, entry.count - 1)
        } else {
            saving[id] = nil
            condition.broadcast()
        }
        condition.unlock()
    }

    /// Whether someone has session `id` now, or a save of it is under way.
    func isTaken(_ id: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return taken.contains(id) || saving[id] != nil
    }

    /// Gives back a session taken by `tryTake` (or `withLock`).
    func release(_ id: String) {
        condition.lock()
        taken.remove(id)
        condition.broadcast()
        condition.unlock()
    }
}
