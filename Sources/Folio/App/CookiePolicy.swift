import FolioHTTP
import FolioSync

/// The attributes of Folio's cookies (the session and the form-token
/// binding), decided once from the options.
///
/// Threat: someone who controls a sibling subdomain (or an http page of the
/// same host) sets `folio_session=ID` for the dashboard's host with a
/// session id they know; the victim's clicks then land in a session the
/// attacker can read and change. Over HTTPS (`X-Forwarded-Proto: https`,
/// which also makes the cookie `Secure`) with the cookie path `/`, the
/// session cookie is `__Host-folio_session`: browsers accept that name only
/// from a secure origin, only `Secure`, with `Path=/` and no `Domain`, so no
/// other host can set it. Elsewhere the prefix cannot apply and the name
/// stays `folio_session`. Where the `__Host-` name applies, a plain
/// `folio_session` is never read (a sibling subdomain could have planted
/// it) and is expired at the next cookie Folio sets.
struct CookiePolicy: Sendable {
    /// The `Path` attribute: `FolioAppOptions.cookiePath`, or the base path plus `/`.
    let path: String
    /// `SameSite=None; Secure; Partitioned` instead of `SameSite=Lax`.
    let partitioned: Bool
    /// `Max-Age` of both cookies: the session idle timeout.
    let maxAge: Int
    /// Binds session cookies to the person they were issued to.
    let binding: SessionBinding
    /// The attributes after `name=value`, made once: over plain HTTP and
    /// over HTTPS, and the same expiring (`Max-Age=0`).
    private let lasting: (http: String, https: String)
    private let expiring: (http: String, https: String)

    /// - Throws: `FolioStartupError` when the cookie path does not cover the
    ///   base path (the browser would never send the cookies back).
    init(options: FolioAppOptions, secret: ServerSecret) throws(FolioStartupError) {
        binding = SessionBinding(secret: secret)
        let base = options.basePath
        if let given = options.cookiePath {
            let normalized = given.hasSuffix("/") ? given : given + "/"
            guard normalized.hasPrefix("/"), (base + "/").hasPrefix(normalized) else {
                throw FolioStartupError(
                    "the cookie path \(given) does not cover the base path \(base.isEmpty ? "/" : base): "
                        + "browsers would not send the session cookie to Folio; use a prefix of the base path, such as /"
                )
            }
            path = normalized
        } else {
            path = base + "/"
        }
        partitioned = options.partitionedCookies
        maxAge = Int(options.sessions.idleTimeout)
        let site = partitioned ? "SameSite=None; Secure; Partitioned" : "SameSite=Lax"
        let path = path
        let partitioned = partitioned
        func attributes(maxAge: Int, https: Bool) -> String {
            "; Path=\(path); Max-Age=\(maxAge); HttpOnly; \(site)" + (https && !partitioned ? "; Secure" : "")
        }
        lasting = (attributes(maxAge: maxAge, https: false), attributes(maxAge: maxAge, https: true))
        expiring = (attributes(maxAge: 0, https: false), attributes(maxAge: 0, https: true))
    }

    /// Whether the request reached the proxy over HTTPS (the trusted
    /// `X-Forwarded-Proto: https`): cookies are then `Secure`.
    static func isHTTPS(_ request: HTTPRequest) -> Bool { isHTTPS(request.headers) }

    /// `isHTTPS(_:)` of a request's headers.
    static func isHTTPS(_ headers: HTTPHeaders) -> Bool {
        guard let proto = headers["X-Forwarded-Proto"] else { return false }
        return proto.trimmingSpacesAndTabs().equalsIgnoringASCIICase("https")
    }

    /// The session cookie's name for answers to `request`.
    func sessionCookieName(for request: HTTPRequest) -> String {
        path == "/" && Self.isHTTPS(request) ? FolioApp.hostCookieName : FolioApp.cookieName
    }

    /// Whether a plain `folio_session` cookie may name the visitor's
    /// session: only where the `__Host-` name does not apply.
    func readsPlainCookie(_ request: HTTPRequest) -> Bool {
        sessionCookieName(for: request) == FolioApp.cookieName
    }

    /// `Set-Cookie` values for the session `id`: the session cookie, and
    /// the expiry of a plain one the request carried where the `__Host-`
    /// name applies.
    func sessionCookies(id: String, for request: HTTPRequest, visitor: Visitor) -> [String] {
        let name = sessionCookieName(for: request)
        let value = binding.cookieValue(id: id, for: visitor.person)
        var values = ["\(name)=\(value)" + attributes(for: request, maxAge: maxAge)]
        if expiresPlainCookie(visitor, request: request) { values.append(plainCookieExpiry(for: request)) }
        return values
    }

    /// `Set-Cookie` expiring a plain `folio_session` (`expiresPlainCookie`).
    func plainCookieExpiry(for request: HTTPRequest) -> String {
        "\(FolioApp.cookieName)=" + attributes(for: request, maxAge: 0)
    }

    /// `Set-Cookie` for the nonce a visitor's signed form tokens are bound to.
    func formCookie(nonceHex: String, for request: HTTPRequest) -> String {
        // Built at its final size: every view without a cookie sets one, and
        // an interpolation then a `+` allocated twice.
        let attributes = attributes(for: request, maxAge: maxAge)
        var cookie = ""
        cookie.reserveCapacity(
            FolioApp.formCookieName.utf8.count + 1 + nonceHex.utf8.count + attributes.utf8.count)
        cookie += FolioApp.formCookieName
        cookie += "="
        cookie += nonceHex
        cookie += attributes
        return cookie
    }

    /// Whether the request carried a plain session cookie where the
    /// `__Host-` name applies: it is ignored, and expired.
    func expiresPlainCookie(_ visitor: Visitor, request: HTTPRequest) -> Bool {
        visitor.carriesPlainSessionCookie && !readsPlainCookie(request)
    }

    /// Not readable by scripts; not sent on cross-site subrequests or posts
    /// (`Lax`), or, partitioned, sent only within the embedding site.
    private func attributes(for request: HTTPRequest, maxAge: Int) -> String {
        let pair = maxAge == 0 ? expiring : lasting
        return Self.isHTTPS(request) ? pair.https : pair.http
    }
}
