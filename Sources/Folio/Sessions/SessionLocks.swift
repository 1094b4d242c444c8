import Foundation

/// Which sessions are in the middle of a read-change-save: two clicks of
/// one session never lose each other's change, while clicks of different
/// sessions save concurrently, so their writes can share one commit. A
/// session stays taken until its save is durable, whether the taker waits
/// for it (`withLock`) or gets a completion later (`tryTake`, `release`).
final class SessionLocks: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var taken: Set<String> = []

    /// Runs `body` with session `id` taken, waiting while someone else has it.
    func withLock<Result, Failure: Error>(
        for id: String, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        while taken.contains(id) { condition.wait() }
        taken.insert(id)
        condition.unlock()
        defer { release(id) }
        return try body()
    }

    /// Takes session `id` unless someone has it; the taker must `release` it.
    func tryTake(_ id: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return taken.insert(id).inserted
    }

    /// Whether someone has session `id` now.
    func isTaken(_ id: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return taken.contains(id)
    }

    /// Gives back a session taken by `tryTake` (or `withLock`).
    func release(_ id: String) {
        condition.lock()
        taken.remove(id)
        condition.broadcast()
        condition.unlock()
    }
}
