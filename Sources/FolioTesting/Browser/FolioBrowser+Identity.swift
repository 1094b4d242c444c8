import Folio
import FolioHTTP

/// Acting as a signed-in person, as a single sign-on proxy would name them.
extension FolioBrowser {
    /// Sends every later request as `person`, in the identity headers a
    /// trusted proxy sets (`names`: oauth2-proxy's by default; pass the
    /// app's `options.identityHeaders` when it names others). In process
    /// the app believes them; a live server only with `--trusted-proxy`
    /// covering this machine's address. Cookies are kept: a session cookie
    /// of another person is then ignored, as it would be for them.
    public func signIn(as person: Person, headers names: IdentityHeaders = IdentityHeaders()) {
        signOut(headers: names)
        if let user = person.user { defaultHeaders.replaceOrAdd(name: names.user, value: user) }
        if let email = person.email { defaultHeaders.replaceOrAdd(name: names.email, value: email) }
        if !person.groups.isEmpty {
            defaultHeaders.replaceOrAdd(
                name: names.groups, value: person.groups.sorted().joined(separator: ","))
        }
    }

    /// Sends later requests with no identity: nobody is signed in.
    public func signOut(headers names: IdentityHeaders = IdentityHeaders()) {
        for name in [names.user, names.email, names.groups] { defaultHeaders.remove(name) }
    }
}
