import FolioSync
import Foundation

/// Sessions in a PostgreSQL database (`--state postgresql://…`), shared by
/// any number of Folio instances, with no sticky sessions.
///
/// **Coherent across instances.** Every read of a session for a view or
/// the state asks the database, so what a click answered by one instance
/// saved is what the next request shows on any other. It is therefore no
/// `SessionStoreAnsweringFromMemory`: views of a session go to a worker
/// thread, which reads the database; clicks are read and saved without a
/// thread waiting (`SessionStoreWithoutWaiting`). A click alone may be
/// decided on this instance's own last copy of its session (what it last
/// read or durably wrote of it, `ownCopies`): its save is conditional on
/// the record it was decided on, so a copy another instance has changed
/// since costs a refused save and the click decided again on a fresh read,
/// never a lost click; the copy is dropped then.
///
/// **What "saved" promises.** As with SQLite, a write returns (or its
/// completion runs) only after the transaction holding it committed, which
/// PostgreSQL makes durable per its `synchronous_commit` (on by default).
/// When the connection is lost during the `COMMIT` itself, the outcome is
/// unknown to Folio: the write is reported failed (a 503) though it may be
/// kept; every write is safe to repeat.
///
/// **Group commit, no thread waiting.** Writes that arrive together share
/// one transaction, through the same write path as SQLite's
/// (`SessionStoreWritingInBatches`, `BatchTransaction`), sent in two
/// pipelined round trips whatever the batch's size; a write refused alone
/// (its session gone, its record changed, a constraint) fails alone and
/// the rest is kept; any other failure fails the whole batch, none of it
/// kept. Reads of sessions that arrive together share one query
/// (`GroupRead`). Both are run by one I/O thread (`PostgreSQLIOThread`)
/// from their sockets' readiness: no thread waits on the database for them.
///
/// **Two clicks of one session on two instances.** A save locks the
/// session's row (`SELECT … FOR UPDATE`) and writes the pager's record with
/// one upsert, in the batch's transaction: saves of one session are
/// applied one after the other, each whole (the record and the last-seen
/// time together), never interleaved; a save or reissue of a session
/// another instance removed or reissued meanwhile fails alone. A click's
/// save (`save(_:ifStill:…)`) is conditional: under the row lock it reads
/// the pager's record and writes only if it is still the one the click was
/// decided on; otherwise it is refused alone and `SessionManager` decides
/// the click again on the fresh record, so of two clicks read at once on
/// two instances the last made wins (`PagerRecord.lastClickAt`).
///
/// **Faults.** Every call is bounded: connecting by `connect_timeout`
/// (2 s), each statement by `statement_timeout` (5 s), a silent network by
/// `tcp_user_timeout` (5 s), any round the server does not answer by 6 s
/// (`PostgreSQLConnection.answerLimit`, which a frozen server needs),
/// waiting for the busy housekeeping connection by 10 s. Past them it
/// throws `StoreError`. A lost connection is dropped from the pool and a
/// new one opened at the next call, so the store works again, without a
/// restart, as soon as the database does.
public final class PostgreSQLSessionStore: SessionStoreWritingInBatches {
    /// Where the database is.
    public let address: PostgreSQLAddress
    private let pool: PostgreSQLPool
    /// The connections the I/O thread runs batches on.
    private let batches: PostgreSQLLoopPool
    /// Every write goes through here: one transaction per batch.
    public let writes: SessionWrites
    /// Every read of a session goes through here: one query per batch.
    let reads: GroupRead<String, SessionRecord>
    /// Transactions the group commit committed (for tests that count them).
    private let committedBatches: LockedValue<Int>
    /// This instance's last copy of the sessions it recently read or wrote,
    /// for clicks only (see above).
    let ownCopies: LockedValue<OwnCopies>

    /// Connects, creates or migrates the tables (`PostgreSQLSchema`), and
    /// keeps that connection as the pool's first.
    /// - Throws: `StoreError` when the database cannot be reached or set up.
    /// - Parameter ownCopies: Sessions whose last copy is kept for clicks. Default 4096.
    public init(address: PostgreSQLAddress, ownCopies capacity: Int = 4096) throws(StoreError) {
        self.address = address
        let url = address.connectionURL
        let password = address.password
        let first = try PostgreSQLConnection(conninfo: url, password: password)
        try PostgreSQLSchema.migrate(first)
        try Self.prepareStatements(on: first)
        let open = { @Sendable () throws(StoreError) -> PostgreSQLConnection in
            let connection = try PostgreSQLConnection(conninfo: url, password: password)
            try Self.prepareStatements(on: connection)
            return connection
        }
        // Housekeeping (the secret, sweeps, counts) waits on a connection of its own.
        let pool = PostgreSQLPool(size: 1, first: first, open: open)
        let batches = PostgreSQLLoopPool(size: address.poolSize, open: open)
        let committedBatches = LockedValue(0)
        self.pool = pool
        self.batches = batches
        self.committedBatches = committedBatches
        // One batch of each kind under way per four connections of the pool
        // (one by default): more, smaller batches cost the database a
        // transaction each and measured slower on two cores; the other
        // connections stand by for a restart or a slow round.
        let batchesInFlight = max(1, address.poolSize / 4)
        reads = GroupRead(inFlight: batchesInFlight) { ids, done in batches.sessions(ids, then: done) }
        let group = GroupCommit<SessionWrite>(inFlight: batchesInFlight) {
            batch, done in
            batches.commit(batch) { outcome in
                if case .success = outcome { committedBatches.withLock { $0 += 1 } }
                done(outcome)
            }
        }
        let ownCopies = LockedValue(OwnCopies(capacity: capacity))
        self.ownCopies = ownCopies
        writes = SessionWrites(group, written: { written in ownCopies.withLock { $0.apply(written) } })
    }

    /// Opens the store at a `postgresql://` URL (see `PostgreSQLAddress`).
    public convenience init(url: String) throws(StoreError) {
        try self.init(address: try PostgreSQLAddress(url: url))
    }

    private static func prepareStatements(on connection: PostgreSQLConnection) throws(StoreError) {
        for statement in PostgreSQLStatement.allCases { try connection.prepare(statement) }
    }

    /// How many transactions the group commit has committed.
    var committedBatchCount: Int { committedBatches.withLock { $0 } }

    /// Commits `batch` now, as the group commit does, and waits for it (for
    /// tests that need a batch of known writes).
    func commitNow(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        let outcome = Waited<Result<[StoreError?], StoreError>>()
        batches.commit(batch, then: outcome.set)
        return try outcome.wait().get()
    }

    /// Every call waits for the database.
    public var isDurable: Bool { true }

    /// The session with this id, read from the database (with the other
    /// sessions asked for meanwhile, in one query), or `nil`.
    public func session(id: String) throws(StoreError) -> SessionRecord? {
        let outcome = Waited<Result<SessionRecord?, StoreError>>()
        session(id: id, acceptingOwnCopy: false, then: outcome.set)
        return try outcome.wait().get()
    }

    /// The sessions in `rows` of `selectSessions`, by id.
    static func sessions(in rows: PostgreSQLResult) -> [String: SessionRecord] {
        var sessions: [String: SessionRecord] = [:]
        for row in 0..<rows.count {
            let id = rows.text(row, 0)
            var record =
                sessions[id]
                ?? SessionRecord(
                    id: id, csrfToken: rows.text(row, 1), lastSeen: rows.real(row, 2),
                    isIssuedAtClick: rows.boolean(row, 3), isBoundToPerson: rows.boolean(row, 4))
            // A record written by an incompatible version is dropped: the
            // pager starts over rather than failing the request.
            if !rows.isNull(row, 5),
                let pager = try? PagerRecord(storedJSON: rows.bytes(row, 6))
            {
                record.pagers[rows.text(row, 5)] = pager
            }
            sessions[id] = record
        }
        return sessions
    }

    /// The name of the form-signing secret in `folio_secrets`.
    private static let formSecretName = "csrf-hmac"

    /// The stored form-signing secret, storing `candidate` first when there
    /// is none (`ON CONFLICT DO NOTHING`, then a read that sees whichever
    /// instance committed first).
    public func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        try pool.withConnection { (connection) throws(StoreError) -> [UInt8] in
            try connection.run(.insertSecret, [.text(Self.formSecretName), .bytes(candidate)])
            let stored = try connection.run(.selectSecret, [.text(Self.formSecretName)])
            guard stored.count == 1 else {
                throw StoreError("the server secret vanished from the state database")
            }
            return stored.bytes(0, 0)
        }
    }

    /// Removes sessions idle since before `cutoff`; returns how many.
    public func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int {
        ownCopies.withLock { $0.removeAll(lastSeenBefore: cutoff) }
        return try pool.withConnection { (connection) throws(StoreError) in
            try connection.run(.deleteIdle, [.real(cutoff)]).changedRows
        }
    }

    /// Removes the `count` least recently seen sessions.
    public func removeLeastRecentlySeen(count: Int) throws(StoreError) {
        guard count > 0 else { return }
        try pool.withConnection { (connection) throws(StoreError) in
            _ = try connection.run(.deleteOldest, [.integer(Int64(count))])
        }
    }

    /// How many sessions are stored.
    public func count() throws(StoreError) -> Int {
        try pool.withConnection { (connection) throws(StoreError) in
            Int(try connection.run(.countSessions).integer(0, 0))
        }
    }
}
