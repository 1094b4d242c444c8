import FolioHTTP

/// The session cookie: its name, its attributes, and reading it.
///
/// Threat: someone who controls a sibling subdomain (or an http page of the
/// same host) sets `folio_session=ID` for the dashboard's host with a
/// session id they know; the victim's clicks then land in a session the
/// attacker can read and change. Two defences:
/// - over HTTPS (`X-Forwarded-Proto: https`, which also makes the cookie
///   `Secure`) at `/` (no base path) the cookie is `__Host-folio_session`:
///   browsers accept that name only from a secure origin, only `Secure`,
///   with `Path=/` and no `Domain`, so no other host can set it. Under a
///   base path (`Path=/tools/pager/`) or over plain HTTP the prefix cannot
///   apply and the name stays `folio_session`;
/// - a session's first click reissues it under an id the server just
///   generated (`SessionManager.updatePagerAtClick`), so a planted id is
///   worthless once the visitor acts.
///
/// Both names are read (the `__Host-` one first) so sessions begun before
/// the change keep working; one found under the plain name where the
/// `__Host-` name applies is moved to it, and the plain cookie expired.
extension FolioApp {
    /// Whether the request reached the proxy over HTTPS (the trusted
    /// `X-Forwarded-Proto: https`): the cookie is then `Secure`.
    static func isHTTPS(_ request: HTTPRequest) -> Bool {
        request.headers["X-Forwarded-Proto"]?.trimmingSpaces.lowercased() == "https"
    }

    /// The session cookie's name for answers to `request`: `__Host-` over
    /// HTTPS without a base path, the plain name otherwise.
    func cookieName(for request: HTTPRequest) -> String {
        options.basePath.isEmpty && Self.isHTTPS(request) ? Self.hostCookieName : Self.cookieName
    }

    /// Adds `Set-Cookie` for `session`: scoped to the base path, not
    /// readable by scripts, not sent on cross-site subrequests or posts,
    /// `Secure` over HTTPS. Moving to the `__Host-` name also expires the
    /// plain one the request carried.
    func addSessionCookies(for session: SessionRecord, request: HTTPRequest, to response: inout HTTPResponse)
    {
        let secure = Self.isHTTPS(request) ? "; Secure" : ""
        var cookie = "\(cookieName(for: request))=\(session.id); Path=\(options.basePath)/; "
        cookie += "Max-Age=\(Int(options.sessions.idleTimeout)); HttpOnly; SameSite=Lax" + secure
        response.headers.add(name: "Set-Cookie", value: cookie)
        if movesToHostCookie(Self.sessionCookieField(in: request), request: request) {
            response.headers.add(
                name: "Set-Cookie",
                value: "\(Self.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + secure)
        }
    }

    /// Whether the request's session cookie, `found` by
    /// `sessionCookieField(in:)`, came under the plain name where the
    /// `__Host-` one applies (a session begun before the change).
    func movesToHostCookie(_ found: (value: String, isHostPrefixed: Bool)?, request: HTTPRequest) -> Bool {
        guard let found, !found.isHostPrefixed else { return false }
        return cookieName(for: request) == Self.hostCookieName
    }

    /// The session cookie's value: `__Host-folio_session` when present,
    /// else `folio_session`.
    static func sessionCookie(in request: HTTPRequest) -> String? {
        sessionCookieField(in: request)?.value
    }

    /// The session cookie's value and whether it came under the `__Host-`
    /// name. Scans the `Cookie` headers' bytes for the two names instead of
    /// building every cookie's dictionary: this runs on every request
    /// (twice: `mayBlock` looks too), so it allocates nothing but the value.
    /// Of a repeated name, the first wins.
    static func sessionCookieField(in request: HTTPRequest) -> (value: String, isHostPrefixed: Bool)? {
        var plain: String?
        for field in request.headers where isCookieField(field.name) {
            var header = field.value
            let found = header.withUTF8 { sessionCookies(inHeader: $0) }
            if let host = found.host { return (host, true) }
            if plain == nil { plain = found.plain }
        }
        return plain.map { ($0, false) }
    }

    /// `folio_session=` and `__Host-folio_session=`, the starts of the pairs looked for.
    private static let plainPrefix = Array((cookieName + "=").utf8)
    private static let hostPrefix = Array((hostCookieName + "=").utf8)

    /// Whether a field name is `Cookie`, in any case.
    private static func isCookieField(_ name: String) -> Bool {
        // Every byte of "cookie" is a letter, so OR-ing in 0x20 lowercases exactly those.
        name.utf8.count == 6 && name.utf8.elementsEqual("cookie".utf8) { $0 | 0x20 == $1 }
    }

    private static func sessionCookies(inHeader bytes: UnsafeBufferPointer<UInt8>) -> (
        host: String?, plain: String?
    ) {
        var plain: String?
        var rest = bytes[...]
        while !rest.isEmpty {
            while rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t") {
                rest = rest.dropFirst()
            }
            let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let pair = rest[..<end]
            if pair.starts(with: hostPrefix) {
                return (value(of: pair.dropFirst(hostPrefix.count)), plain)
            }
            if plain == nil, pair.starts(with: plainPrefix) {
                plain = value(of: pair.dropFirst(plainPrefix.count))
            }
            rest = end == rest.endIndex ? rest[end...] : rest[(end + 1)...]
        }
        return (nil, plain)
    }

    /// A cookie value without trailing spaces or surrounding quotes.
    private static func value(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var value = bytes
        while value.last == UInt8(ascii: " ") { value = value.dropLast() }
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            value = value.dropFirst().dropLast()
        }
        return String(decoding: value, as: UTF8.self)
    }
}
