import FolioHTTP
import FolioSync

/// Who sent a request, as the trusted proxy's identity headers, its
/// cookies and Fetch Metadata say: read once per request, before anything
/// is decided.
struct Visitor: Sendable {
    /// The signed-in person, as a trusted proxy named them; `nil` for nobody.
    let person: Person?
    /// The session the cookie names, when its value can be an id (32
    /// lowercase hex digits) issued to this very person (`SessionBinding`):
    /// `__Host-folio_session` when sent, else `folio_session` (not read
    /// where the `__Host-` name applies: `CookiePolicy.readsPlainCookie`).
    let sessionClaim: SessionClaim?
    /// Whether `sessionClaim` came under the `__Host-` name.
    let sessionCookieIsHostPrefixed: Bool
    /// Whether the request carried a plain `folio_session` cookie, read or not.
    let carriesPlainSessionCookie: Bool
    /// The `folio_csrf` cookie: the nonce this browser's signed form tokens are bound to.
    let formNonce: [UInt8]?
    /// `Sec-Fetch-Site`, lowercased, when the browser sent it.
    let fetchSite: String?
    /// The request's headers, for what only posts ask (`Origin`, the host):
    /// read when asked, not for every view.
    private let headers: HTTPHeaders

    private static let cookieNames = [FolioApp.hostCookieName, FolioApp.cookieName, FolioApp.formCookieName]
    /// `cookies(named: cookieNames)` of a request without a `Cookie` header.
    private static let noCookies = [String?](repeating: nil, count: cookieNames.count)

    /// - Parameters:
    ///   - request: a request `ProxyTrust.believed(_:)` has cleaned.
    ///   - person: who the trusted proxy names (`ProxyTrust.person(in:)`).
    init(_ request: borrowing HTTPRequest, person: Person?, binding: SessionBinding, readsPlainCookie: Bool) {
        self.person = person
        // Without a `Cookie` header nothing is looked for (no array of
        // nils made for every new visitor's view).
        let values =
            request.headers.contains("Cookie") ? request.cookies(named: Self.cookieNames) : Self.noCookies
        carriesPlainSessionCookie = values[1] != nil
        let session = values[0] ?? (readsPlainCookie ? values[1] : nil)
        if let session, let id = binding.sessionID(fromCookie: session, for: person) {
            sessionClaim = SessionClaim(id: id, isBoundToPerson: person != nil)
            sessionCookieIsHostPrefixed = values[0] != nil
        } else {
            sessionClaim = nil
            sessionCookieIsHostPrefixed = false
        }
        formNonce = values[2].flatMap(SignedFormToken.nonce(fromCookie:))
        fetchSite = request.headers["Sec-Fetch-Site"].map { $0.trimmingSpacesAndTabs().lowercased() }
        headers = request.headers
    }

    /// The `Origin` header, when sent.
    var origin: String? { headers["Origin"].map { String($0.trimmingSpacesAndTabs()) } }

    /// Whether `origin` is the origin this request was addressed to, as the
    /// browser saw it (the scheme of `X-Forwarded-Proto`, and
    /// `X-Forwarded-Host` or `Host`); `nil` when either is unknown.
    private func isOwn(_ origin: String) -> Bool? {
        guard let host = headers["X-Forwarded-Host"] ?? headers["Host"] else { return nil }
        let own = (CookiePolicy.isHTTPS(headers) ? "https://" : "http://") + host
        return origin.equalsIgnoringASCIICase(own)
    }

    /// The browser says the request comes from another site.
    var isCrossSite: Bool { fetchSite == "cross-site" }

    /// The browser says the request comes from a page of this very origin:
    /// `Sec-Fetch-Site: same-origin`, or an `Origin` equal to the request's own.
    var isProvenSameOrigin: Bool {
        if let fetchSite { return fetchSite == "same-origin" }
        guard let origin else { return false }
        return isOwn(origin) ?? false
    }

    /// Why a post must be refused before its form is read, if it must
    /// (OWASP: Fetch Metadata, and the `Origin` where a browser sends no
    /// Fetch Metadata).
    var postRefusal: ClientError? {
        if isCrossSite {
            return .forbidden("Cross-site form posts are refused (Sec-Fetch-Site: cross-site).")
        }
        if fetchSite == nil, let origin, isOwn(origin) == false {
            return .forbidden("Cross-origin form posts are refused (Origin: \(origin)).")
        }
        return nil
    }
}
