import FolioSync

/// The request-body bytes all connections of one server may hold at once,
/// shared by every event loop (`HTTPServerConfiguration.bodyBudgetBytes`).
///
/// A connection reserves what its body will hold before it holds it (a
/// `Content-Length` when the head is in, a chunked body chunk by chunk) and
/// gives the reservation back once the response is queued or the connection
/// closes. A body that does not fit is answered `503` at once.
final class BodyBudget: Sendable {
    /// The most bytes reserved at once.
    let limit: Int
    private let used = LockedValue(0)

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The bytes reserved now.
    var reserved: Int { used.withLock { $0 } }

    /// Reserves `bytes` more if the total stays within `limit`.
    ///
    /// - Returns: whether they were reserved; nothing is reserved when not.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard bytes <= limit - used else { return false }
            used += bytes
            return true
        }
    }

    /// Gives back `bytes` reserved earlier.
    func release(_ bytes: Int) {
        used.withLock { $0 -= bytes }
    }
}
