/// One write of a store (SQLite or PostgreSQL), as it travels to the group
/// commit: the values to bind, encoded by the caller's thread before it queues.
enum SessionWrite: Sendable {
    /// A new session: its row, then its pagers (rows left under the id dropped first).
    case insert(SessionRow, pagers: [(pager: String, record: [UInt8])])
    /// One pager's record, and the session's last-seen time unless `nil`
    /// (unchanged); only while the stored record is still `expected`, when
    /// given (PostgreSQL; SQLite has one instance and ignores it).
    case savePager(
        session: String, pager: String, record: [UInt8], lastSeen: Double?, expected: ExpectedPager? = nil)
    /// Session `old` replaced by a new row, its pagers moved, one of them saved.
    case reissue(old: String, as: SessionRow, changed: (pager: String, record: [UInt8])?)
    /// Last-seen times.
    case touch([(session: String, lastSeen: Double)])
}

/// A `sessions` row as `insertSession` binds it.
struct SessionRow: Sendable {
    let id: String
    let csrfToken: String
    let lastSeen: Double
    let isIssuedAtClick: Bool
    let isBoundToPerson: Bool

    init(_ session: SessionRecord) {
        id = session.id
        csrfToken = session.csrfToken
        lastSeen = session.lastSeen
        isIssuedAtClick = session.isIssuedAtClick
        isBoundToPerson = session.isBoundToPerson
    }
}
