import CLinux

extension EventLoop {
    /// Sent with `503` to a body that does not fit the server's `BodyBudget`.
    static let overBudgetMessage = "server busy: too many request bodies in flight"

    /// Freed body bytes past which a tick returns free heap pages to the system.
    static let trimThreshold = 4 * 1024 * 1024

    /// Makes the connection's reservation cover `bytes` of body. When the
    /// budget cannot, answers `503` and closes instead.
    ///
    /// - Returns: whether the body may be held; when false the connection is closing.
    func reserveBodyIfNeeded(_ connection: Connection, bytes: Int) -> Bool {
        let more = bytes - connection.reservedBodyBytes
        guard more > 0 else { return true }
        guard budget.reserve(more) else {
            reject(connection, status: .serviceUnavailable, message: Self.overBudgetMessage)
            return false
        }
        connection.reservedBodyBytes = bytes
        return true
    }

    /// Gives the connection's reservation back (its body was answered or dropped).
    func releaseBody(_ connection: Connection) {
        guard connection.reservedBodyBytes > 0 else { return }
        budget.release(connection.reservedBodyBytes)
        releasedBodyBytes += connection.reservedBodyBytes
        connection.reservedBodyBytes = 0
    }

    /// After large bodies were freed, asks glibc to return its free pages: freed
    /// chunks below the mmap threshold otherwise stay in the process for good.
    func trimMemoryIfNeeded() {
        guard releasedBodyBytes >= Self.trimThreshold else { return }
        releasedBodyBytes = 0
        malloc_trim(0)
    }
}
