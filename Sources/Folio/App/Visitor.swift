import FolioHTTP
import FolioSync

/// Who sent a request, as its cookies and Fetch Metadata say: read once
/// per request, before anything is decided.
struct Visitor: Sendable {
    /// The session cookie's value when it can be an id (32 lowercase hex
    /// digits): `__Host-folio_session` when sent, else `folio_session`.
    let sessionID: String?
    /// Whether `sessionID` came under the `__Host-` name.
    let sessionCookieIsHostPrefixed: Bool
    /// The `folio_csrf` cookie: the nonce this browser's signed form tokens are bound to.
    let formNonce: [UInt8]?
    /// `Sec-Fetch-Site`, lowercased, when the browser sent it.
    let fetchSite: String?
    /// The `Origin` header, when sent.
    let origin: String?
    /// `X-Forwarded-Host` or `Host`: where the browser sent the request.
    private let host: String?
    private let isHTTPS: Bool

    private static let cookieNames = [FolioApp.hostCookieName, FolioApp.cookieName, FolioApp.formCookieName]

    init(_ request: HTTPRequest) {
        let values = request.cookies(named: Self.cookieNames)
        let session = values[0] ?? values[1]
        if let session, SessionManager.isWellFormed(session) {
            sessionID = session
            sessionCookieIsHostPrefixed = values[0] != nil
        } else {
            sessionID = nil
            sessionCookieIsHostPrefixed = false
        }
        formNonce = values[2].flatMap(SignedFormToken.nonce(fromCookie:))
        fetchSite = request.headers["Sec-Fetch-Site"].map { $0.trimmingSpacesAndTabs().lowercased() }
        origin = request.headers["Origin"].map { String($0.trimmingSpacesAndTabs()) }
        host = request.headers["X-Forwarded-Host"] ?? request.headers["Host"]
        isHTTPS = CookiePolicy.isHTTPS(request)
    }

    /// The origin this request was addressed to, as the browser saw it:
    /// the scheme (`X-Forwarded-Proto`) and the host. Only posts ask.
    var ownOrigin: String? { host.map { (isHTTPS ? "https://" : "http://") + $0.lowercased() } }

    /// The browser says the request comes from another site.
    var isCrossSite: Bool { fetchSite == "cross-site" }

    /// The browser says the request comes from a page of this very origin:
    /// `Sec-Fetch-Site: same-origin`, or an `Origin` equal to the request's own.
    var isProvenSameOrigin: Bool {
        if let fetchSite { return fetchSite == "same-origin" }
        guard let origin, let ownOrigin else { return false }
        return origin.lowercased() == ownOrigin
    }

    /// Why a post must be refused before its form is read, if it must
    /// (OWASP: Fetch Metadata, and the `Origin` where a browser sends no
    /// Fetch Metadata).
    var postRefusal: ClientError? {
        if isCrossSite {
            return .forbidden("Cross-site form posts are refused (Sec-Fetch-Site: cross-site).")
        }
        if fetchSite == nil, let origin, let ownOrigin, origin.lowercased() != ownOrigin {
            return .forbidden("Cross-origin form posts are refused (Origin: \(origin)).")
        }
        return nil
    }
}
