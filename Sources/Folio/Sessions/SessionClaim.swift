/// What a session cookie claims, once `SessionBinding` has checked it: the
/// id it names, and whether it came in a signed-in person's bound form
/// (`id.tag`, the tag verified for that very person).
///
/// A session made for a person is reachable only through its bound form:
/// a bare id (the tag removed) names no session of a person, so the tag is
/// never optional for them (`SessionRecord.isBoundToPerson`).
public struct SessionClaim: Sendable, Hashable {
    /// The session id: 32 lowercase hex digits when well formed.
    public let id: String
    /// Whether the cookie carried a tag that verified for the visitor.
    public let isBoundToPerson: Bool

    /// Creates a claim.
    public init(id: String, isBoundToPerson: Bool) {
        self.id = id
        self.isBoundToPerson = isBoundToPerson
    }

    /// The claim of an anonymous visitor's bare cookie.
    public static func anonymous(_ id: String) -> SessionClaim {
        SessionClaim(id: id, isBoundToPerson: false)
    }

    /// Whether `record` is the session this claim may reach: a person's
    /// session only by its bound form, an anonymous one only by its bare id.
    public func admits(_ record: SessionRecord) -> Bool { record.isBoundToPerson == isBoundToPerson }
}
