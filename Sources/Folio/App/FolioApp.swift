import FolioCore
import FolioHTTP
import FolioSync

/// The dashboard as an `HTTPHandler`: routes a request, runs the FolioCore
/// reducer on the session's pager state, performs its effects, saves, and
/// renders the answer from the templates.
///
/// Build one with `init(configuration:options:sessions:)` and give it to an
/// `HTTPServer`, or call `handle(_:)` directly (tests, `folio render`).
/// What comes from the configuration files is one generation, replaced
/// whole by `reload()`; sessions, the secret and the store stay.
public final class FolioApp: HTTPHandler {
    /// The dashboard's pagers, as the generation served now has them.
    public var configuration: FolioConfiguration { site.configuration }
    /// Base path, folders, CSP and session settings.
    public let options: FolioAppOptions
    /// Sessions and their stored pager states.
    public let sessions: SessionManager
    /// Problems that did not stop the app (a missing font), for the log:
    /// the app's own and those of the generation served now.
    public var warnings: [String] { lastingWarnings + site.warnings }

    /// What every generation shares (secret, cookies, trust, tokens, bus).
    let parts: FolioAppParts
    /// Signs the forms of visitors who have no session (`SignedFormToken`).
    var secret: ServerSecret { parts.secret }
    /// The configuration file `reload()` reads again; nil for an app built
    /// from a configuration in Swift.
    let configurationFile: String?
    /// Warnings that belong to no generation (the secret's store).
    private let lastingWarnings: [String]
    /// The generation served now: taken once per request (`disposition(for:)`).
    private let current: LockedValue<FolioSite>
    /// Held while a reload builds the next generation, so reloads never cross.
    let reloading = LockedValue(())

    /// Folio's version: `folio --version`, and the default cache-busting
    /// suffix of static URLs.
    public static let version = "0.1.0"

    /// The session cookie's name over plain HTTP and under a base path.
    public static let cookieName = "folio_session"
    /// The session cookie's name over HTTPS with the cookie path `/`: the
    /// `__Host-` prefix makes browsers refuse it from a sibling subdomain
    /// or without `Secure` (see `CookiePolicy`).
    public static let hostCookieName = "__Host-folio_session"
    /// The cookie a signed form token of a visitor without a session is
    /// bound to (`SignedFormToken.nonce`).
    public static let formCookieName = "folio_csrf"

    /// Loads the templates, checks the configuration, measures every title
    /// and lays out every title bar, so requests only look things up.
    ///
    /// Templates are looked up in `options.templatesDirectory`, then in
    /// Folio's built-in ones. The configuration is checked with
    /// `FolioConfiguration.validate(templates:)`, so one built in Swift with a
    /// bad key, colour or missing template fails here, never at a first view;
    /// its warnings go to `warnings`.
    /// - Throws: `FolioStartupError` naming the template, folder or page at
    ///   fault; for a configuration that is not valid, its `problems` are
    ///   those `folio check` reports.
    public convenience init(
        configuration: FolioConfiguration, options: FolioAppOptions, sessions: SessionManager
    )
        throws(FolioStartupError)
    {
        try self.init(configuration: configuration, options: options, sessions: sessions, validated: nil)
    }

    /// `init(configuration:options:sessions:)`; `validated` are the
    /// warnings of a validation already run on this configuration with
    /// these templates (`FolioApp.launch`'s load), `nil` to validate here.
    /// `liveBus` shares live refreshes with the other instances on one database.
    init(
        configuration given: FolioConfiguration, options: FolioAppOptions, sessions: SessionManager,
        validated: [ConfigurationProblem]?, liveBus: any LiveBus = LocalLiveBus(),
        configurationFile: String? = nil
    ) throws(FolioStartupError) {
        var warnings: [String] = []
        self.options = options
        self.sessions = sessions
        self.configurationFile = configurationFile
        let secret: ServerSecret
        if let file = options.secretFile {
            do { secret = try ServerSecret.file(at: file) } catch { throw FolioStartupError("\(error)") }
        } else {
            do throws(StoreError) {
                secret = try Self.storedSecret(sessions.store)
            } catch {
                // A store that cannot be written (read-only) still serves views;
                // their forms are then signed with a secret of this run only.
                secret = ServerSecret.random()
                warnings.append(
                    "the state store cannot keep the form-signing secret (\(error)); forms shown before a restart will need a reload"
                )
            }
        }
        parts = FolioAppParts(
            options: options, sessions: sessions, secret: secret,
            cookies: try CookiePolicy(options: options, secret: secret),
            trust: ProxyTrust(proxies: options.trustedProxies, identity: options.identityHeaders),
            tokens: ClickTokens(sessions: sessions, secret: secret, maxAge: options.sessions.idleTimeout),
            bus: liveBus, reloads: ReloadRecord(),
            securityHeaders: HTTPHeaders(Self.securityHeaders(frameAncestors: options.frameAncestors)))
        current = LockedValue(
            try FolioSite(generation: 1, configuration: given, validated: validated, app: parts))
        lastingWarnings = warnings
        // Other instances' data goes to whichever generation is served when it comes.
        liveBus.listen { [weak self] name, body in self?.site.live.accept(name, body) }
    }

    /// The generation served now.
    var site: FolioSite { current.withLock { $0 } }

    /// Puts `next` in service and returns the one it replaced.
    func swapSite(_ next: FolioSite) -> FolioSite {
        current.withLock { site in
            let old = site
            site = next
            return old
        }
    }

    /// Answers one request on the calling thread, blocking work included
    /// (tests, `folio render`, in-process clients). Never throws: refusals
    /// become 4xx/5xx answers with a short message (an error page for browsers).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        disposition(for: request).response()
    }

    /// The secret that signs form tokens, kept in the state store (made at
    /// its first start, the same for every instance on it).
    private static func storedSecret(_ store: any SessionStore) throws(StoreError) -> ServerSecret {
        // The candidate is only bytes: a `ServerSecret` would key an HMAC context for nothing.
        let candidate = SystemRandomSource().randomBytes(count: ServerSecret.minimumByteCount)
        let stored = try store.serverSecret(storingIfAbsent: candidate)
        do { return try ServerSecret(bytes: stored) } catch { throw StoreError("\(error)") }
    }
}
