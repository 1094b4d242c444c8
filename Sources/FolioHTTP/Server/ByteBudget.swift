import Synchronization

/// Bytes all connections of one server may hold at once for one purpose,
/// shared by every event loop: request bodies
/// (`HTTPServerConfiguration.bodyBudgetBytes`) or partial request heads
/// (`headBudgetBytes`).
///
/// A connection reserves what it will hold before it holds it (a body's
/// `Content-Length` when its head is in, a chunked body chunk by chunk, a
/// head's bytes as they arrive) and gives the reservation back once they
/// are answered or dropped, or the connection closes. What does not fit is
/// answered `503` at once.
final class ByteBudget: Sendable {
    /// The most bytes reserved at once.
    let limit: Int
    /// An atomic rather than a lock: every request's head is reserved and
    /// given back, on every loop.
    private let used = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The bytes reserved now.
    var reserved: Int { used.load(ordering: .relaxed) }

    /// Reserves `bytes` more if the total stays within `limit`.
    ///
    /// - Returns: whether they were reserved; nothing is reserved when not.
    func reserve(_ bytes: Int) -> Bool {
        var seen = used.load(ordering: .relaxed)
        while bytes <= limit - seen {
            let (exchanged, current) = used.compareExchange(
                expected: seen, desired: seen + bytes, ordering: .relaxed)
            if exchanged { return true }
            seen = current
        }
        return false
    }

    /// Gives back `bytes` reserved earlier.
    func release(_ bytes: Int) {
        used.subtract(bytes, ordering: .relaxed)
    }
}
