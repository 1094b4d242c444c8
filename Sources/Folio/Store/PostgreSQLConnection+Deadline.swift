import CLibPQ
import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

extension PostgreSQLConnection {
    /// How long a statement may wait for the server's answer (seconds): past
    /// the server's own `statement_timeout` (5 s), which only a running
    /// server enforces. A frozen one (its processes stopped, a host that
    /// hangs) still has its kernel acknowledge every packet, so neither TCP
    /// timeouts nor keepalives end the wait; this does.
    static let answerLimit = 6.0

    /// The result of the statement just sent (`sent`: what `PQsend…` returned),
    /// as `PQexec` gives it (the last result; the first error kept), waiting
    /// on the socket at most `answerLimit`. `nil` when the send or the
    /// connection failed (`PQerrorMessage` says why).
    /// - Throws: `StoreError` when the server did not answer in time; the
    ///   connection is then cut, so it is broken and never used again.
    func awaitResult(sent: Int32) throws(StoreError) -> OpaquePointer? {
        guard sent == 1 else { return nil }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.answerLimit * 1e9)
        var kept: OpaquePointer?
        while true {
            while PQisBusy(handle) == 1 {
                guard waitReadable(until: deadline) else {
                    if let kept { PQclear(kept) }
                    abandon()
                    throw StoreError(
                        "PostgreSQL did not answer within \(Int(Self.answerLimit)) s (the connection was closed)"
                    )
                }
                guard PQconsumeInput(handle) == 1 else {
                    if let kept { PQclear(kept) }
                    return nil
                }
            }
            guard let result = PQgetResult(handle) else { return kept }
            if let previous = kept, PQresultStatus(previous) == PGRES_FATAL_ERROR {
                PQclear(result)
            } else {
                if let kept { PQclear(kept) }
                kept = result
            }
        }
    }

    /// Whether the socket has something to read before `deadline` (uptime nanoseconds).
    private func waitReadable(until deadline: UInt64) -> Bool {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var waiting = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // PQconsumeInput reports the failure
        }
    }

    /// Cuts a connection whose server does not answer: libpq then sees it
    /// closed and marks it broken, and the pool drops it.
    func abandon() {
        timedOut = true
        cut()
    }

    /// Cuts a connection that failed midway, so that it is seen broken and
    /// never used again (its state is unknown).
    func cut() {
        Glibc.shutdown(PQsocket(handle), Int32(SHUT_RDWR))
        _ = PQconsumeInput(handle)
    }
}
