import CLibPQ
import FolioSync
import Foundation

/// Live refreshes shared through PostgreSQL by every instance on one
/// database:
/// - **One fetcher.** An instance leads a pager while it holds the
///   session-level advisory lock named after it
///   (`pg_try_advisory_lock`), taken on the refresher's first tick and
///   given back when its last tab closes; an instance that dies loses its
///   locks with its connection, and another takes over at its next tick.
/// - **Everybody's tabs.** The leader stores what it loaded in
///   `folio_live_data` and sends `NOTIFY folio_live` with the page's name
///   in the same transaction; every other instance LISTENs, reads the row
///   and publishes it to its own tabs. (A notification's payload is limited
///   to 8000 bytes, so the data travels in the table.)
///
/// Each of the two connections is this bus's own, not the store's pool:
/// a LISTEN and the advisory locks belong to one session for its life.
final class PostgreSQLLiveBus: LiveBus {
    private struct Leader {
        var connection: PostgreSQLConnection?
        var held: Set<String> = []
        var closed = false
    }

    private let address: PostgreSQLAddress
    private let leader = LockedValue(Leader())
    /// The leader connection's backend, whose own notifications are skipped.
    private let leaderBackend = LockedValue<Int32>(0)
    private let report: @Sendable (String) -> Void
    private let listener = LiveListenerThread()

    /// Connects, and brings the tables to the current schema (the shared
    /// `folio_live_data` is one of the migrations, made once under their lock).
    /// - Throws: `StoreError` when the database cannot be reached.
    init(address: PostgreSQLAddress, report: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.address = address
        self.report = report
        try withLeader { connection throws(StoreError) in try PostgreSQLSchema.migrate(connection) }
    }

    func leads(_ pager: String) -> Bool {
        if leader.withLock({ $0.held.contains(pager) && $0.connection?.isBroken == false }) { return true }
        let taken = try? withLeader { connection throws(StoreError) in
            try connection.execute("SELECT pg_try_advisory_lock($1)", [.integer(Self.lockKey(pager))])
                .boolean(0, 0)
        }
        guard taken == true else { return false }
        leader.withLock { _ = $0.held.insert(pager) }
        return true
    }

    func resign(_ pager: String) {
        guard leader.withLock({ $0.held.remove(pager) }) != nil else { return }
        _ = try? withLeader { connection throws(StoreError) in
            try connection.execute("SELECT pg_advisory_unlock($1)", [.integer(Self.lockKey(pager))])
        }
    }

    func share(_ name: String, body: @autoclosure () -> [UInt8]) {
        let body = body()
        do {
            try withLeader { connection throws(StoreError) in
                try connection.transaction { () throws(StoreError) in
                    try connection.execute(
                        """
                        INSERT INTO folio_live_data (name, body, updated) VALUES ($1, $2, $3)
                        ON CONFLICT (name) DO UPDATE SET body = excluded.body, updated = excluded.updated
                        """, [.text(name), .bytes(body), .real(Date().timeIntervalSince1970)])
                    try connection.execute("SELECT pg_notify('folio_live', $1)", [.text(name)])
                }
            }
        } catch {
            report("folio: live data of \(name) not shared with the other instances: \(error)")
        }
    }

    func listen(_ receive: @escaping @Sendable (String, [UInt8]) -> Void) {
        listener.start { [self] listener in listenUntilStopped(listener, receive) }
    }

    /// Stops the listener thread and waits for it, then closes the leader
    /// connection: after this no thread of the bus is inside libpq.
    func close() {
        listener.stopAndWait()
        leader.withLock { leader in
            leader.closed = true
            leader.held = []
            leader.connection = nil
        }
    }

    /// Runs `body` on the leader connection, connecting (again) first when
    /// there is none or it broke; a broken one's locks are gone with it.
    private func withLeader<Result>(_ body: (PostgreSQLConnection) throws(StoreError) -> Result)
        throws(StoreError) -> Result
    {
        try leader.withLock { leader throws(StoreError) -> Result in
            guard !leader.closed else { throw StoreError("live updates are closed: the server is stopping") }
            if leader.connection?.isBroken != false {
                leader.held = []
                let connection = try PostgreSQLConnection(
                    conninfo: address.connectionURL, password: address.password)
                leader.connection = connection
                leaderBackend.withLock { $0 = connection.backendProcess }
            }
            // Non-nil: made just above when it was missing.
            return try body(leader.connection!)
        }
    }

    /// LISTENs on a connection of its own; after a failure, connects again
    /// every second until the database is back. On each connection after
    /// the first it first reads what changed while it was away: a NOTIFY
    /// sent then reached nobody here.
    private func listenUntilStopped(
        _ listener: LiveListenerThread, _ receive: @escaping @Sendable (String, [UInt8]) -> Void
    ) {
        var heardUpTo: Double? = Date().timeIntervalSince1970
        while !listener.isStopping {
            do {
                let connection = try PostgreSQLConnection(
                    conninfo: address.connectionURL, password: address.password)
                try connection.execute("LISTEN folio_live")
                if let heardUpTo { try catchUp(on: connection, since: heardUpTo, receive) }
                try listen(on: connection, listener, heard: { heardUpTo = $0 }, receive)
            } catch {
                report("folio: live updates from the other instances paused: \(error)")
            }
            listener.pause(seconds: 1)
        }
    }

    /// Delivers every row changed since `since`, less a margin for the
    /// instances' clocks (a row delivered twice changes nothing).
    private func catchUp(
        on connection: PostgreSQLConnection, since: Double,
        _ receive: @escaping @Sendable (String, [UInt8]) -> Void
    ) throws(StoreError) {
        let rows = try connection.execute(
            "SELECT name, body FROM folio_live_data WHERE updated >= $1", [.real(since - 60)])
        for row in 0..<rows.count { receive(rows.text(row, 0), rows.bytes(row, 1)) }
    }

    /// Delivers what arrives on `connection` until it breaks or the bus
    /// stops, telling `heard` each time it knows that nothing was missed
    /// up to then.
    private func listen(
        on connection: PostgreSQLConnection, _ listener: LiveListenerThread, heard: (Double) -> Void,
        _ receive: @escaping @Sendable (String, [UInt8]) -> Void
    ) throws(StoreError) {
        while !connection.isBroken, !listener.isStopping {
            let asOf = Date().timeIntervalSince1970
            for notification in try connection.waitForNotifications(seconds: 1) {
                guard notification.backend != leaderBackend.withLock({ $0 }) else { continue }
                let rows = try connection.execute(
                    "SELECT body FROM folio_live_data WHERE name = $1", [.text(notification.payload)])
                if rows.count > 0 { receive(notification.payload, rows.bytes(0, 0)) }
            }
            heard(asOf)
        }
    }

    /// A stable 64-bit key for the pager's lock (FNV-1a of its name).
    static func lockKey(_ pager: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ("folio-live/" + pager).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
