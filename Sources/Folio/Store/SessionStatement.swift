/// A statement of the write path, named by what it does. Both stores run
/// the same statements in the same transaction shape (`BatchTransaction`);
/// each maps them to its own SQL, which is all that differs between them.
enum SessionStatement: Sendable {
    /// Opens the batch's transaction (SQLite: `BEGIN IMMEDIATE`).
    case begin
    case commit
    /// Undoes the open transaction, if any.
    case rollBack
    /// Locks a session's row until the transaction ends and reads its
    /// last-seen time (`StatementOutcome.lastSeen`, `nil`: no such session).
    case lockSession(String)
    /// One pager's stored record (`StatementOutcome.record`, `nil`: none),
    /// read after `lockSession`, so it sees every write committed before the lock.
    case selectPager(session: String, pager: String)
    /// Adds the row, or replaces the one under its id.
    case insertSession(SessionRow)
    case deletePagers(session: String)
    case upsertPager(session: String, pager: String, record: [UInt8])
    /// Sets a session's last-seen time (PostgreSQL: only forward, since
    /// several instances note uses).
    case touchSession(String, lastSeen: Double)
    case movePagers(from: String, to: String)
    case deleteSession(String)
}

/// What became of one statement of a round.
enum StatementOutcome: Sendable {
    case done
    /// `lockSession`'s answer.
    case lastSeen(Double?)
    /// `selectPager`'s answer.
    case record([UInt8]?)
    case failed(StoreError, StatementFailure)
    /// Not run: an earlier statement of the round failed.
    case skipped
}

/// Why the database refused a statement, as far as the batch cares.
enum StatementFailure: Sendable {
    /// A constraint refused this write alone (a unique key, a missing session).
    case constraint
    /// The database undid the transaction to end a deadlock or a
    /// serialization failure with another one: trying again may succeed.
    case transient
    case other
}

/// What one batch of writes came to.
enum BatchAttempt: Sendable {
    /// Committed: per write (in the order given), `nil` or why it was refused alone.
    case committed([StoreError?])
    /// Undone as a whole: every write of it failed, none kept.
    case failed(StoreError)
}
