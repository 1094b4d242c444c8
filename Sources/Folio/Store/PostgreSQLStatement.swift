/// The statements of the PostgreSQL store, each prepared once on every
/// connection of the pool (under its case's name) and then only executed
/// with bound values.
enum PostgreSQLStatement: String, CaseIterable {
    /// Sessions and their pagers in one query, so one snapshot (a reissue
    /// committed in between cannot show a row without its pagers), for ids
    /// given as one array: a batch of reads (`GroupRead`).
    case selectSessions
    case insertSession
    /// Locks a session's row until the transaction ends, and reads its last-seen time.
    case lockSession
    /// One pager's stored record: what a conditional save checks, read by
    /// its own statement after `lockSession`, so it sees every write
    /// committed before the lock was granted (a join under `FOR UPDATE`
    /// would show the joined row as it was before the wait).
    case selectPager
    case movePagers
    case deleteSession
    /// Moves a session's last use forward, never back: several instances
    /// note uses, and one's late write must not make a session in use on
    /// another look idle.
    case touchSession
    case upsertPager
    case deletePagers
    /// A batch's `lockSession`s in one statement (`PostgreSQLRound`), ids
    /// as one array; rows locked in id order, as every batch locks them.
    case lockSessions
    /// A batch's `selectPager`s in one statement, after `lockSessions`.
    case selectPagers
    /// A batch's `upsertPager`s in one statement, one per key (the last).
    case upsertPagers
    /// A batch's `touchSession`s in one statement, one per session (the latest).
    case touchSessions
    case insertSecret
    case selectSecret
    case deleteIdle
    case deleteOldest
    case countSessions

    var sql: String {
        switch self {
        case .selectSessions:
            "SELECT s.id, s.csrf, s.last_seen, s.issued_at_click, s.bound_to_person, p.pager, p.record "
                + "FROM sessions s LEFT JOIN pagers p ON p.session_id = s.id "
                + "WHERE s.id = ANY($1)"
        case .insertSession:
            "INSERT INTO sessions (id, csrf, last_seen, issued_at_click, bound_to_person) "
                + "VALUES ($1, $2, $3, $4, $5) "
                + "ON CONFLICT (id) DO UPDATE SET csrf = excluded.csrf, last_seen = excluded.last_seen, "
                + "issued_at_click = excluded.issued_at_click, bound_to_person = excluded.bound_to_person"
        case .lockSession: "SELECT last_seen FROM sessions WHERE id = $1 FOR UPDATE"
        case .selectPager: "SELECT record FROM pagers WHERE session_id = $1 AND pager = $2"
        case .movePagers: "UPDATE pagers SET session_id = $1 WHERE session_id = $2"
        case .deleteSession: "DELETE FROM sessions WHERE id = $1"
        case .touchSession: "UPDATE sessions SET last_seen = $1 WHERE id = $2 AND last_seen < $1"
        case .upsertPager:
            "INSERT INTO pagers (session_id, pager, record) VALUES ($1, $2, $3) "
                + "ON CONFLICT (session_id, pager) DO UPDATE SET record = excluded.record"
        case .deletePagers: "DELETE FROM pagers WHERE session_id = $1"
        case .lockSessions:
            "SELECT id, last_seen FROM sessions WHERE id = ANY($1) ORDER BY id COLLATE \"C\" FOR UPDATE"
        case .selectPagers:
            "SELECT p.session_id, p.pager, p.record FROM pagers p "
                + "JOIN unnest($1, $2) AS k (session_id, pager) "
                + "ON p.session_id = k.session_id AND p.pager = k.pager"
        case .upsertPagers:
            "INSERT INTO pagers (session_id, pager, record) "
                + "SELECT k.session_id, k.pager, k.record "
                + "FROM unnest($1, $2, $3) AS k (session_id, pager, record) "
                + "ON CONFLICT (session_id, pager) DO UPDATE SET record = excluded.record"
        case .touchSessions:
            "UPDATE sessions s SET last_seen = k.last_seen "
                + "FROM unnest($1, $2) AS k (id, last_seen) "
                + "WHERE s.id = k.id AND s.last_seen < k.last_seen"
        case .insertSecret:
            "INSERT INTO folio_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING"
        case .selectSecret: "SELECT value FROM folio_secrets WHERE name = $1"
        case .deleteIdle: "DELETE FROM sessions WHERE last_seen < $1"
        case .deleteOldest:
            "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY last_seen LIMIT $1)"
        case .countSessions: "SELECT count(*) FROM sessions"
        }
    }

    var parameterTypes: [PostgreSQLType] {
        switch self {
        case .lockSession, .deleteSession, .deletePagers, .selectSecret: [.text]
        case .selectSessions, .lockSessions: [.textArray]
        case .selectPagers: [.textArray, .textArray]
        case .touchSessions: [.textArray, .realArray]
        case .upsertPagers: [.textArray, .textArray, .bytesArray]
        case .insertSession: [.text, .text, .real, .boolean, .boolean]
        case .movePagers, .selectPager: [.text, .text]
        case .touchSession: [.real, .text]
        case .upsertPager: [.text, .text, .bytes]
        case .insertSecret: [.text, .bytes]
        case .deleteIdle: [.real]
        case .deleteOldest: [.integer]
        case .countSessions: []
        }
    }
}
