import CLinux

extension EventLoop {
    /// Sent with `503` to a body that does not fit the server's body budget.
    static let overBudgetMessage = "server busy: too many request bodies in flight"
    /// Sent with `503` to a head that does not fit the server's head budget.
    static let overHeadBudgetMessage = "server busy: too many request heads in flight"

    /// Freed body and head bytes past which a tick returns free heap pages to the system.
    static let trimThreshold = 4 * 1024 * 1024

    /// Makes the connection's reservation cover `bytes` of body. When the
    /// budget cannot, answers `503` and closes instead.
    ///
    /// - Returns: whether the body may be held; when false the connection is closing.
    func reserveBodyIfNeeded(_ connection: Connection, bytes: Int) -> Bool {
        reserve(
            bytes, of: budgets.body, in: \.reservedBodyBytes, of: connection, refusal: Self.overBudgetMessage)
    }

    /// Gives the connection's reservation back (its body was answered or dropped).
    func releaseBody(_ connection: Connection) {
        release(connection, \.reservedBodyBytes, to: budgets.body, keeping: 0)
    }

    /// Before `count` received bytes join a head being buffered, makes the
    /// connection's head reservation cover them. When the budget cannot,
    /// answers `503` and closes instead, without buffering them. Bytes that
    /// arrive while a body is read count in the body budget.
    ///
    /// - Returns: whether the bytes may be buffered; when false the connection is closing.
    func reserveHeadIfNeeded(_ connection: Connection, adding count: Int) -> Bool {
        guard !connection.parser.isReadingBody else { return true }
        return reserve(
            connection.parser.bufferedBytes + count, of: budgets.head, in: \.reservedHeadBytes,
            of: connection,
            refusal: Self.overHeadBudgetMessage)
    }

    /// After parsing, keeps reserved only the head bytes still buffered (none
    /// once a head became a request or a body is read).
    func settleHeadReservation(_ connection: Connection) {
        let held = connection.parser.isReadingBody ? 0 : connection.parser.bufferedBytes
        release(connection, \.reservedHeadBytes, to: budgets.head, keeping: held)
    }

    /// Gives the connection's whole head reservation back (it closes or was rejected).
    func releaseHead(_ connection: Connection) {
        release(connection, \.reservedHeadBytes, to: budgets.head, keeping: 0)
    }

    /// Makes the connection's reservation at `reserved` cover `bytes` of
    /// `budget`; when the budget cannot, answers `503` with `refusal` and closes.
    private func reserve(
        _ bytes: Int, of budget: ByteBudget, in reserved: ReferenceWritableKeyPath<Connection, Int>,
        of connection: Connection, refusal: String
    ) -> Bool {
        let more = bytes - connection[keyPath: reserved]
        guard more > 0 else { return true }
        guard budget.reserve(more) else {
            reject(connection, status: .serviceUnavailable, message: refusal)
            return false
        }
        connection[keyPath: reserved] = bytes
        return true
    }

    /// Gives back to `budget` what the reservation at `reserved` holds past `kept` bytes.
    private func release(
        _ connection: Connection, _ reserved: ReferenceWritableKeyPath<Connection, Int>,
        to budget: ByteBudget,
        keeping kept: Int
    ) {
        let freed = connection[keyPath: reserved] - kept
        guard freed > 0 else { return }
        budget.release(freed)
        releasedBytes += freed
        connection[keyPath: reserved] = kept
    }

    /// After large bodies or heads were freed, asks glibc to return its free
    /// pages: freed chunks below the mmap threshold otherwise stay in the
    /// process for good. Then lets the shared trimmer look for a spike freed
    /// elsewhere (a handler's work on a worker thread).
    func trimMemoryIfNeeded(now: UInt64) {
        if releasedBytes >= Self.trimThreshold {
            releasedBytes = 0
            heapTrimmer.trimNow(now: now)
        } else {
            heapTrimmer.trimIfSpikeFreed(now: now)
        }
    }
}
