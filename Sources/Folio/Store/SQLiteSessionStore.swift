import CSQLite
import FolioSync
import Foundation

/// Sessions in an SQLite database (WAL, `synchronous=FULL`), with a small
/// cache of recently used sessions in front so most requests read no disk.
///
/// **What "saved" promises.** Every write (`insert`, `save`, `reissue`,
/// `touch`) returns only after the transaction holding it is committed and
/// synced to disk, and the cache shows it only after that. Folio sends a
/// click's answer after the write returns, so this ordering holds:
/// write queued, batch committed and synced, write returns, cache updated,
/// answer sent. An answered click is therefore on disk and survives
/// `kill -9` or a power cut (as far as the disk honours its syncs). A click
/// whose answer was not sent when the process died may be either: on disk
/// (its batch was synced, the answer not yet written) or absent (the batch
/// was not synced); never half of it, since each batch is one transaction.
///
/// **Group commit.** Writes that arrive together share one transaction and
/// one sync (`GroupCommit`): the first writer commits at once whatever is
/// queued; writes arriving during that commit form the next batch. A lone
/// write on a quiet server is committed at once. When a batch fails as a
/// whole (a full disk, an I/O error at the commit), every write in it
/// throws and none of them is kept; a write refused alone (its session
/// evicted meanwhile, a constraint) fails alone and the rest is committed,
/// in the shape PostgreSQL's batches have too (`BatchTransaction`: the
/// write path is one, `SessionStoreWritingInBatches`).
///
/// The database and its `-wal` and `-shm` files are readable by their owner
/// only (`0600`): they hold every session id and CSRF token. A new database
/// is created so; an existing one with looser modes is tightened when the
/// store opens (see `SQLiteConnection.makeFilesPrivate()`).
public final class SQLiteSessionStore: SessionStoreAnsweringFromMemory, SessionStoreWritingInBatches {
    struct Statements {
        let connection: SQLiteConnection
        let selectSession: SQLiteStatement
        let selectPagers: SQLiteStatement
        let insertSession: SQLiteStatement
        let movePagers: SQLiteStatement
        let deleteSession: SQLiteStatement
        let touchSession: SQLiteStatement
        let upsertPager: SQLiteStatement
        let deletePagers: SQLiteStatement
        let insertSecret: SQLiteStatement
        let selectSecret: SQLiteStatement
        let deleteIdle: SQLiteStatement
        let deleteOldest: SQLiteStatement
        let countSessions: SQLiteStatement
        let selectLastSeen: SQLiteStatement
        let selectPager: SQLiteStatement
        /// A batch's transaction.
        let begin: SQLiteStatement
        let commit: SQLiteStatement
        let rollBack: SQLiteStatement
    }

    /// The database, locked for each statement.
    private let statements: LockedValue<Statements>
    /// Recently used sessions. A separate lock, never held while the
    /// database is: a cache hit never waits behind a read or a disk write.
    /// A miss reads the database with the cache unlocked and caches what it
    /// read only if no writer changed the cache meanwhile
    /// (`SessionCache.insertRead`); writers change the database, then the cache.
    private let cache: LockedValue<SessionCache>
    /// Every write goes through here: one transaction per batch.
    public let writes: SessionWrites
    /// Keeps WAL checkpoints out of the commits.
    private let checkpointer: SQLiteCheckpointer

    /// Opens or creates the database at `path`.
    /// - Parameters:
    ///   - path: The database file (`-wal` and `-shm` files appear beside
    ///     it), created `0600`; group and other bits of existing ones are cleared.
    ///   - cacheCapacity: Sessions kept decoded in memory. Default 4096.
    /// - Throws: `StoreError` when the file cannot be opened or set up, or
    ///   stays readable by others.
    public init(path: String, cacheCapacity: Int = 4096) throws(StoreError) {
        let connection = try SQLiteConnection(path: path)
        try connection.execute(
            """
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=FULL;
            PRAGMA foreign_keys=ON;
            CREATE TABLE IF NOT EXISTS sessions (
                id TEXT PRIMARY KEY, csrf TEXT NOT NULL, last_seen REAL NOT NULL,
                issued_at_click INTEGER NOT NULL DEFAULT 0,
                bound_to_person INTEGER NOT NULL DEFAULT 1) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS sessions_by_last_seen ON sessions(last_seen);
            CREATE TABLE IF NOT EXISTS pagers (
                session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                pager TEXT NOT NULL, record BLOB NOT NULL,
                PRIMARY KEY (session_id, pager)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS folio_secrets (
                name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
            """)
        try Self.addMissingColumns(connection)
        // After the setup, so the -wal and -shm files exist.
        try connection.makeFilesPrivate()
        checkpointer = try SQLiteCheckpointer(path: path, writer: connection)
        statements = LockedValue(
            Statements(
                connection: connection,
                selectSession: try connection.prepare(
                    "SELECT csrf, last_seen, issued_at_click, bound_to_person FROM sessions WHERE id = ?"),
                selectPagers: try connection.prepare("SELECT pager, record FROM pagers WHERE session_id = ?"),
                insertSession: try connection.prepare(
                    "INSERT OR REPLACE INTO sessions (id, csrf, last_seen, issued_at_click, bound_to_person) "
                        + "VALUES (?, ?, ?, ?, ?)"),
                movePagers: try connection.prepare("UPDATE pagers SET session_id = ? WHERE session_id = ?"),
                deleteSession: try connection.prepare("DELETE FROM sessions WHERE id = ?"),
                touchSession: try connection.prepare("UPDATE sessions SET last_seen = ? WHERE id = ?"),
                upsertPager: try connection.prepare(
                    "INSERT INTO pagers (session_id, pager, record) VALUES (?, ?, ?) "
                        + "ON CONFLICT (session_id, pager) DO UPDATE SET record = excluded.record"),
                deletePagers: try connection.prepare("DELETE FROM pagers WHERE session_id = ?"),
                insertSecret: try connection.prepare(
                    "INSERT OR IGNORE INTO folio_secrets (name, value) VALUES (?, ?)"),
                selectSecret: try connection.prepare("SELECT value FROM folio_secrets WHERE name = ?"),
                deleteIdle: try connection.prepare("DELETE FROM sessions WHERE last_seen < ?"),
                deleteOldest: try connection.prepare(
                    "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY last_seen LIMIT ?)"),
                countSessions: try connection.prepare("SELECT count(*) FROM sessions"),
                selectLastSeen: try connection.prepare("SELECT last_seen FROM sessions WHERE id = ?"),
                selectPager: try connection.prepare(
                    "SELECT record FROM pagers WHERE session_id = ? AND pager = ?"),
                begin: try connection.prepare("BEGIN IMMEDIATE"),
                commit: try connection.prepare("COMMIT"),
                rollBack: try connection.prepare("ROLLBACK")))
        let cache = LockedValue(SessionCache(capacity: cacheCapacity))
        self.cache = cache
        writes = SessionWrites(
            GroupCommit(
                { [statements] (batch) throws(StoreError) -> [StoreError?] in
                    try statements.withLock { (statements) throws(StoreError) -> [StoreError?] in
                        try statements.commit(batch)
                    }
                },
                afterBatch: { [statements, checkpointer] in
                    statements.withLock { checkpointer.finishIfDue(on: $0.connection) }
                }),
            written: { written in cache.withLock { $0.apply(written) } })
    }

    deinit {
        // The hook points at the checkpointer, which may go first.
        statements.withLock { _ = sqlite3_wal_hook($0.connection.handle, nil, nil) }
    }

    /// Commits `batch` now, on the calling thread, as the group commit does
    /// (for tests that need a batch of known writes).
    func commitNow(_ batch: [SessionWrite]) throws(StoreError) -> [StoreError?] {
        try statements.withLock { (statements) throws(StoreError) -> [StoreError?] in
            try statements.commit(batch)
        }
    }

    /// Runs SQL on the store's own connection (for tests: `PRAGMA max_page_count` stands in for a full disk).
    func execute(_ sql: String) throws(StoreError) {
        try statements.withLock { (statements) throws(StoreError) in try statements.connection.execute(sql) }
    }

    /// The session with this id (from the cache when recently used), or `nil`.
    public func session(id: String) throws(StoreError) -> SessionRecord? {
        let (cached, writesBefore) = cache.withLock { ($0[id], $0.writes) }
        if let cached { return cached }
        let record = try statements.withLock { (statements) throws(StoreError) -> SessionRecord? in
            try Self.read(id, statements)
        }
        if let record { cache.withLock { $0.insertRead(record, writesBefore: writesBefore) } }
        return record
    }

    /// Every write waits for the disk.
    public var isDurable: Bool { true }

    /// The session if it is in the cache; `nil` when reading it would take the database.
    public func sessionIfAtHand(id: String) -> SessionRecord? {
        cache.withLock { $0[id] }
    }

    private static func read(_ id: String, _ statements: borrowing Statements) throws(StoreError)
        -> SessionRecord?
    {
        var found: SessionRecord?
        try statements.selectSession.run([.text(id)]) { row in
            found = SessionRecord(
                id: id, csrfToken: row.text(0), lastSeen: row.real(1), isIssuedAtClick: row.integer(2) != 0,
                isBoundToPerson: row.integer(3) != 0)
        }
        guard var record = found else { return nil }
        try statements.selectPagers.run([.text(id)]) { row in
            // A record written by an incompatible version is dropped: the
            // pager starts over rather than failing the request.
            if let pager = try? PagerRecord(storedJSON: row.blob(1)) {
                record.pagers[row.text(0)] = pager
            }
        }
        return record
    }

    /// The name of the form-signing secret in `folio_secrets`.
    private static let formSecretName = "csrf-hmac"

    /// The stored form-signing secret, storing `candidate` first when there
    /// is none, in one transaction (`INSERT OR IGNORE`, then `SELECT`), so
    /// of instances starting together on one file the first to commit decides.
    public func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        try statements.withLock { (statements) throws(StoreError) -> [UInt8] in
            // Read first: a store opened read-only still has the secret its first start kept.
            var found: [UInt8]?
            try statements.selectSecret.run([.text(Self.formSecretName)]) { found = $0.blob(0) }
            if let found { return found }
            return try statements.connection.transaction { () throws(StoreError) -> [UInt8] in
                try statements.insertSecret.run([.text(Self.formSecretName), .blob(candidate)])
                var stored: [UInt8]?
                try statements.selectSecret.run([.text(Self.formSecretName)]) { stored = $0.blob(0) }
                guard let stored else {
                    throw StoreError("the server secret vanished from the state database")
                }
                return stored
            }
        }
    }

    /// Adds the columns a database made by an earlier Folio lacks. Its
    /// sessions count as begun by a view, and as bound to a person: whose,
    /// no row says, so none of them is reachable through a bare id (an
    /// anonymous visitor's old session starts over once).
    private static func addMissingColumns(_ connection: SQLiteConnection) throws(StoreError) {
        let columns = try connection.prepare("SELECT name FROM pragma_table_info('sessions')")
        var names: [String] = []
        try columns.run([]) { names.append($0.text(0)) }
        if !names.contains("issued_at_click") {
            try connection.execute(
                "ALTER TABLE sessions ADD COLUMN issued_at_click INTEGER NOT NULL DEFAULT 0")
        }
        if !names.contains("bound_to_person") {
            try connection.execute(
                "ALTER TABLE sessions ADD COLUMN bound_to_person INTEGER NOT NULL DEFAULT 1")
        }
    }

    /// Removes sessions idle since before `cutoff`; returns how many.
    public func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int {
        let removed = try statements.withLock { (statements) throws(StoreError) -> Int in
            try statements.deleteIdle.run([.real(cutoff)])
            return Int(sqlite3_changes(statements.connection.handle))
        }
        cache.withLock { $0.removeAll { $0.lastSeen < cutoff } }
        return removed
    }

    /// Removes the `count` least recently seen sessions.
    public func removeLeastRecentlySeen(count: Int) throws(StoreError) {
        try statements.withLock { (statements) throws(StoreError) in
            try statements.deleteOldest.run([.integer(Int64(count))])
        }
        // Which ones went is not known here; the cache is rebuilt lazily.
        cache.withLock { $0.removeAll { _ in true } }
    }

    /// How many sessions are stored.
    public func count() throws(StoreError) -> Int {
        try statements.withLock { (statements) throws(StoreError) -> Int in
            var count = 0
            try statements.countSessions.run([]) { count = Int($0.integer(0)) }
            return count
        }
    }
}
