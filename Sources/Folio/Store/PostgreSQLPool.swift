import Dispatch
import FolioSync

/// At most `size` connections to one database, opened when first needed.
///
/// A connection found lost (the server restarted, the network dropped) is
/// closed, never given back, and the next caller opens a new one: the store
/// recovers by itself once the database is back. An idle connection the
/// server closed while it waited fails its first statement; the call then
/// runs once more on a new connection, so a restart costs no request (every
/// call the store makes is a read or a transaction that can be run again).
final class PostgreSQLPool: Sendable {
    /// How many connections may be open at once.
    let size: Int
    /// How long a caller waits for a connection when all are busy (seconds):
    /// past a connect and a statement timeout, so it means the pool is stuck.
    static let waitLimit = 10.0

    private let open: @Sendable () throws(StoreError) -> PostgreSQLConnection
    private let idle = LockedValue<[PostgreSQLConnection]>([])
    /// One permit per connection that may be in use.
    private let permits: DispatchSemaphore

    /// - Parameters:
    ///   - size: At most this many connections.
    ///   - first: A connection already open (the one that set up the schema).
    ///   - open: Opens one more, its statements prepared.
    init(
        size: Int, first: PostgreSQLConnection?,
        open: @escaping @Sendable () throws(StoreError) -> PostgreSQLConnection
    ) {
        self.size = size
        self.open = open
        permits = DispatchSemaphore(value: size)
        if let first { idle.withLock { $0.append(first) } }
    }

    /// Runs `body` with a connection of its own, then gives the connection
    /// back unless it was lost.
    /// - Throws: `body`'s error, or `StoreError` when no connection can be had.
    func withConnection<Result>(_ body: (PostgreSQLConnection) throws(StoreError) -> Result)
        throws(StoreError) -> Result
    {
        guard permits.wait(timeout: .now() + Self.waitLimit) == .success else {
            throw StoreError("all \(size) PostgreSQL connections stayed busy for \(Int(Self.waitLimit)) s")
        }
        defer { permits.signal() }
        if let waiting = idle.withLock({ $0.popLast() }) {
            do throws(StoreError) {
                return try run(body, on: waiting)
            } catch {
                // A server that did not answer would not answer a new connection either.
                guard waiting.isBroken, !waiting.timedOut else { throw error }
            }
        }
        return try run(body, on: try open())
    }

    private func run<Result>(
        _ body: (PostgreSQLConnection) throws(StoreError) -> Result, on connection: PostgreSQLConnection
    ) throws(StoreError) -> Result {
        defer {
            if !connection.isBroken, connection.isIdle { idle.withLock { $0.append(connection) } }
        }
        return try body(connection)
    }
}
