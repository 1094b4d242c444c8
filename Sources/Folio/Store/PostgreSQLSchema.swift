/// The PostgreSQL store's tables, created or migrated when a store opens.
///
/// `folio_schema` holds one row: the version the tables are at. Each entry
/// of `migrations` takes the tables from version `n` to `n + 1`, and a
/// shipped entry is never edited: a later Folio that needs, say, a new
/// column appends `["ALTER TABLE sessions ADD COLUMN ..."]` as version 2,
/// and every database still at 1 runs just that step when it next opens.
/// The steps run in one transaction under an advisory lock, so instances
/// starting together on one database migrate it once, and a failed step
/// leaves it at its old version.
enum PostgreSQLSchema {
    static let migrations: [[String]] = [
        // Version 1: what SQLiteSessionStore keeps, with PostgreSQL's types.
        [
            """
            CREATE TABLE IF NOT EXISTS sessions (
                id text PRIMARY KEY, csrf text NOT NULL, last_seen double precision NOT NULL,
                issued_at_click boolean NOT NULL DEFAULT false)
            """,
            "CREATE INDEX IF NOT EXISTS sessions_by_last_seen ON sessions (last_seen)",
            """
            CREATE TABLE IF NOT EXISTS pagers (
                session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
                pager text NOT NULL, record bytea NOT NULL, PRIMARY KEY (session_id, pager))
            """,
            "CREATE TABLE IF NOT EXISTS folio_secrets (name text PRIMARY KEY, value bytea NOT NULL)",
        ],
        // Version 2: whether a session was made for a signed-in person.
        // Rows from before count as bound (whose, none says), so no bare id
        // reaches them; an older Folio's inserts, which name no such column,
        // make bound rows too, the safe side.
        ["ALTER TABLE sessions ADD COLUMN bound_to_person boolean NOT NULL DEFAULT true"],
        // Version 3: live pages' data shared between instances
        // (`PostgreSQLLiveBus`). Made here, under the lock, because a
        // `CREATE TABLE IF NOT EXISTS` of its own raced between instances
        // starting together (a duplicate `pg_type` row).
        [
            """
            CREATE TABLE IF NOT EXISTS folio_live_data (
                name text PRIMARY KEY, body bytea NOT NULL, updated double precision NOT NULL)
            """
        ],
    ]

    /// The version this Folio's tables are at.
    static var currentVersion: Int { migrations.count }

    /// Brings the database to `currentVersion`.
    /// - Throws: `StoreError` when it cannot, or when the database is at a
    ///   later version than this Folio knows (a newer Folio migrated it).
    static func migrate(_ connection: PostgreSQLConnection) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            // One key for Folio's schema, held until this transaction ends.
            try connection.execute("SELECT pg_advisory_xact_lock(7022364237)")
            try connection.execute("CREATE TABLE IF NOT EXISTS folio_schema (version bigint NOT NULL)")
            let found = try connection.execute("SELECT coalesce(max(version), 0)::bigint FROM folio_schema")
            let version = Int(found.integer(0, 0))
            guard version <= currentVersion else {
                throw StoreError(
                    "the PostgreSQL state database is at schema version \(version); this Folio knows \(currentVersion)"
                )
            }
            guard version < currentVersion else { return }
            for step in migrations[version...] {
                for statement in step { try connection.execute(statement) }
            }
            try connection.execute("DELETE FROM folio_schema")
            try connection.execute(
                "INSERT INTO folio_schema (version) VALUES ($1)", [.integer(Int64(currentVersion))])
        }
    }
}
