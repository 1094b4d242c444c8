import FolioHTTP

/// What a click's CSRF token lets it do, judged once per click against the
/// session it claims (`ClickTokens.authority`).
enum ClickAuthority: Sendable {
    /// Apply to this session: its own token, or a signed form token of
    /// this very browser.
    case session(SessionRecord)
    /// Create a session: no live session, and a signed form token of this
    /// very browser.
    case newSession
}

/// A click as the request was resolved: its form, read once, and its
/// token's verdict.
struct ResolvedClick: Sendable {
    let form: ClickRequest
    let verdict: ClickVerdict
}

/// A click's token verdict where the request is resolved.
enum ClickVerdict: Sendable {
    /// Judged against the session at hand, or against none.
    case judged(ClickAuthority)
    /// Judged once its session is read (not at hand: on disk, or in a
    /// store shared by instances).
    case afterReading(SessionClaim)
}

/// Judges clicks' CSRF tokens: a session's own token, or a form token
/// signed with the server secret (`SignedFormToken`), bound to the
/// browser's nonce cookie or vouched for by its same-origin statement.
struct ClickTokens: Sendable {
    let sessions: SessionManager
    let secret: ServerSecret
    /// How long a signed form token is good for: a session's idle timeout.
    let maxAge: Double

    /// - Throws: `ClientError` 403 for a token that is missing, wrong, or
    ///   another browser's.
    func authority(_ click: ClickRequest, _ visitor: Visitor, session: SessionRecord?, now: Double)
        throws(ClientError) -> ClickAuthority
    {
        let token = click.form["csrf"]
        if let session, sessions.isValidToken(token, for: session) { return .session(session) }
        guard let token,
            let signed = SignedFormToken.verified(token, secret: secret, now: now, maxAge: maxAge)
        else {
            if session == nil { throw .noSession }
            throw .forbidden("The CSRF token is missing or wrong; reload the page and try again.")
        }
        // Bound to this browser's nonce cookie, or (where the cookie could
        // not be set, as in a portal's server-side include) vouched for by
        // the browser's own same-origin statement.
        guard
            visitor.formNonce.map({ HMACSHA256.isEqual($0, signed.nonce) }) ?? false
                || visitor.isProvenSameOrigin
        else {
            throw .forbidden(
                "The form's token belongs to another browser and this post does not say it comes from this site; reload the page and try again."
            )
        }
        return session.map(ClickAuthority.session) ?? .newSession
    }
}
