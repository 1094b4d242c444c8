/// How a `FolioApp` is set up, apart from the pagers themselves. Every
/// default is stated; `folio serve` fills these from its flags.
public struct FolioAppOptions: Sendable {
    /// The path prefix every route lives under, `""` (default) or
    /// `/tools/pager` (no trailing slash), for serving behind a reverse proxy.
    public var basePath: String = ""
    /// The user's templates folder (`Templates/`), searched before Folio's
    /// own: it needs only the templates it adds or replaces.
    public var templatesDirectory: String
    /// The static files folder (`Public/`), also searched for fonts.
    public var publicDirectory: String
    /// `frame-ancestors` sources of the Content-Security-Policy.
    /// Default `'self'`: only pages of this origin may embed Folio.
    public var frameAncestors: [String] = ["'self'"]
    /// Appended to static URLs (`folio.css?v=`) to bust caches. Default
    /// Folio's own version, `FolioApp.version`.
    public var version: String = FolioApp.version
    /// Session lifetimes and limits.
    public var sessions = SessionConfiguration()
    /// The `Path` of Folio's cookies; `nil` (default) for the base path
    /// plus `/`. A portal that includes the fragment with SSI from a page
    /// outside the base path needs a path covering that page (often `/`), so
    /// the browser sends the session cookie with the portal's request and the
    /// include forwards it. Must be a prefix of the base path.
    public var cookiePath: String?
    /// Opt-in CHIPS: cookies `SameSite=None; Secure; Partitioned`, so a
    /// pager framed by a page of another site keeps its selection (per
    /// embedding site). Default false: `SameSite=Lax`, which browsers
    /// withhold from cross-site frames.
    public var partitionedCookies = false
    /// A file holding the secret that signs the form tokens of visitors
    /// without a session, shared by several instances (created, mode 0600,
    /// when absent); `nil` (default) keeps the secret in the state store.
    public var secretFile: String?
    /// A file holding the PostgreSQL state store's password
    /// (`PostgreSQLPasswordFile`), so it need not be in the URL; `nil`
    /// (default): the URL's, or libpq's own (`PGPASSFILE`, `PGPASSWORD`).
    public var statePasswordFile: String?
    /// The proxies whose identity and `X-Forwarded-*` headers are believed
    /// (`--trusted-proxy`); from any other peer they are dropped. Default
    /// none: nobody is ever signed in, and `X-Forwarded-Proto` and `-Host`
    /// are believed from every peer (as before access control;
    /// `SingleSignOn.md`).
    public var trustedProxies: [AddressRange] = []
    /// The headers a trusted proxy names the person in (oauth2-proxy's).
    public var identityHeaders = IdentityHeaders()
    /// Size cap, redirect rule and view wait for URL and provider data.
    public var pageData = PageDataLimits()

    /// The folders templates are looked up in: `templatesDirectory`, then
    /// Folio's built-in templates when they are there
    /// (`FolioPaths.templateSearchPath(_:)`).
    public var templateSearchPath: [String] { FolioPaths.templateSearchPath([templatesDirectory]) }

    /// The folders `/public/...` is served from: `publicDirectory`, then
    /// Folio's own `Public/` when it is there (`FolioPaths.publicSearchPath(_:)`).
    public var publicSearchPath: [String] { FolioPaths.publicSearchPath([publicDirectory]) }

    /// Creates options with the given folders and the defaults above.
    public init(templatesDirectory: String, publicDirectory: String) {
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
    }

    /// Normalizes a user-given base path: `""` for `/` or empty, else a
    /// leading slash and no trailing one.
    public static func normalizedBasePath(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return "" }
        return trimmed.hasPrefix("/") ? String(trimmed) : "/" + trimmed
    }
}

/// Why a `FolioApp` could not start: a message naming the file at fault.
public struct FolioStartupError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the command line.
    public var description: String
    /// The configuration's problems when that is why (the same ones
    /// `folio check` prints); empty for other causes.
    public var problems: [ConfigurationProblem] = []

    /// Creates an error.
    public init(_ description: String) { self.description = description }

    /// A configuration refused by `FolioConfiguration.validate(templates:)`:
    /// one problem per line.
    public init(_ error: ConfigurationError) {
        description = "the configuration is not valid:\n" + error.description
        problems = error.problems
    }
}
