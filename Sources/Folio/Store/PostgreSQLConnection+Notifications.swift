import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// One `NOTIFY` received on a connection that LISTENs.
struct PostgreSQLNotification: Sendable {
    /// The backend process that sent it (`pg_backend_pid()` of the sender).
    let backend: Int32
    let payload: String
}

extension PostgreSQLConnection {
    /// This connection's backend process, as notifications name their sender.
    var backendProcess: Int32 { PQbackendPID(handle) }

    /// The notifications that arrive within `seconds` (none when it times
    /// out), for a connection that ran `LISTEN`.
    /// - Throws: `StoreError` when the connection broke.
    func waitForNotifications(seconds: Double) throws(StoreError) -> [PostgreSQLNotification] {
        var waiting = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, Int32(seconds * 1000))
        guard PQconsumeInput(handle) == 1 else {
            throw StoreError("PostgreSQL (LISTEN): the connection was lost")
        }
        var received: [PostgreSQLNotification] = []
        while let notification = PQnotifies(handle) {
            let record = notification.pointee
            received.append(
                PostgreSQLNotification(
                    backend: record.be_pid, payload: record.extra.map { String(cString: $0) } ?? ""))
            PQfreemem(notification)
        }
        return received
    }
}
