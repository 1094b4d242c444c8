import FolioSync

/// Ties a session cookie to the person it was issued to, so a session made
/// for one person is never used for another: the cookie of a signed-in
/// person is `id.tag`, where `tag` is an HMAC of the id and the person's
/// stable name under the server secret. A cookie shown under another
/// identity (or none) does not verify and is ignored: the visitor starts a
/// fresh session, under a new id, at their next click. Anonymous
/// visitors' cookies are the bare id, as before.
struct SessionBinding: Sendable {
    let secret: ServerSecret
    private static let label = Array("folio-session-owner\u{0}".utf8)
    /// Hex digits of the tag: 128 bits.
    private static let tagLength = 32

    /// The cookie value naming session `id` for `person`.
    func cookieValue(id: String, for person: Person?) -> String {
        guard let person else { return id }
        return id + "." + tag(id: id, person)
    }

    /// The session id a cookie value names, when it was issued to `person`.
    func sessionID(fromCookie value: String, for person: Person?) -> String? {
        // Found over the bytes in place, not `split` nor `String.UTF8View`'s
        // `firstIndex`, which steps through the view: this runs on every
        // request with a cookie.
        // One read: the dot, and the id before it.
        let split = value.withUTF8InPlace { bytes in
            bytes.firstIndex(of: UInt8(ascii: ".")).map {
                ($0, String(decoding: bytes[..<$0], as: UTF8.self))
            }
        }
        guard let (dot, id) = split else {
            // A bare id: an anonymous visitor's cookie.
            return person == nil && SessionManager.isWellFormed(value) ? value : nil
        }
        guard SessionManager.isWellFormed(id), let person else { return nil }
        let tag = value[value.utf8.index(value.utf8.startIndex, offsetBy: dot + 1)...]
        return Self.equalInTime(self.tag(id: id, person), tag) ? id : nil
    }

    private func tag(id: String, _ person: Person) -> String {
        let message = Self.label + Array(id.utf8) + [0] + Array(person.stableName.utf8)
        return String(Hex.encode(secret.authenticate(message)).prefix(Self.tagLength))
    }

    /// Compares without stopping at the first difference.
    private static func equalInTime(_ expected: String, _ given: Substring) -> Bool {
        let lhs = Array(expected.utf8)
        let rhs = Array(given.utf8)
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
