import FolioCore

/// Everything Folio keeps about one browser session.
public struct SessionRecord: Sendable, Equatable {
    /// The cookie value: 128 random bits as 32 lowercase hex digits.
    public var id: String
    /// The synchronizer token every POST of this session must carry.
    public var csrfToken: String
    /// When the session was last used, in seconds since 1970.
    public var lastSeen: Double
    /// Per pager key: that pager's state in this session. A pager the
    /// session never opened has no entry (it starts at its first page).
    public var pagers: [String: PagerRecord]
    /// Whether the server issued this id at a click (select or scroll).
    /// A session begun by a view has not: its first click moves it to a
    /// fresh id and token (`SessionManager.updatePagerAtClick`), so an id
    /// someone else planted in the browser before that is worthless after it.
    public var isIssuedAtClick: Bool
    /// Whether the session was made for a signed-in person: its cookie is
    /// then `id.tag` and only that form, under that person, reaches it
    /// (`SessionClaim`); the bare id names no session.
    public var isBoundToPerson: Bool

    /// Creates a record.
    /// - Parameters:
    ///   - isIssuedAtClick: Default false (a session begun by a view).
    ///   - isBoundToPerson: Default false (an anonymous visitor's session).
    public init(
        id: String, csrfToken: String, lastSeen: Double, pagers: [String: PagerRecord] = [:],
        isIssuedAtClick: Bool = false, isBoundToPerson: Bool = false
    ) {
        self.id = id
        self.csrfToken = csrfToken
        self.lastSeen = lastSeen
        self.pagers = pagers
        self.isIssuedAtClick = isIssuedAtClick
        self.isBoundToPerson = isBoundToPerson
    }
}
