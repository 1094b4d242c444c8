import FolioCore
import FolioHTTP
import FolioTemplate
import FolioText

/// The dashboard as an `HTTPHandler`: routes a request, runs the FolioCore
/// reducer on the session's pager state, performs its effects, saves, and
/// renders the answer from the templates.
///
/// Build one with `init(configuration:options:sessions:)` and give it to an
/// `HTTPServer`, or call `handle(_:)` directly (tests, `folio render`).
public final class FolioApp: HTTPHandler {
    /// The dashboard's pagers.
    public let configuration: FolioConfiguration
    /// Base path, folders, CSP and session settings.
    public let options: FolioAppOptions
    /// Sessions and their stored pager states.
    public let sessions: SessionManager
    /// Problems that did not stop the app (a missing font), for the log.
    public let warnings: [String]

    /// The event streams and refreshes of live pagers (closed by `close()`).
    let live: LiveHub
    /// Signs the forms of visitors who have no session (`SignedFormToken`).
    let secret: ServerSecret
    /// The `Path` and `SameSite` of the cookies (`FolioAppOptions`).
    let cookies: CookiePolicy
    /// Which peers' forwarded and identity headers are believed.
    let trust: ProxyTrust
    /// Who may see which pager.
    let access: PagerAccess
    /// Judges clicks' CSRF tokens.
    let tokens: ClickTokens
    /// Refusals as answers, for what the dispatch refuses itself.
    let errors: ErrorAnswers
    /// The route handlers the dispatch hands resolved requests to.
    let routes: RouteHandlers
    /// Added to every answer (`securityHeaders(frameAncestors:)`).
    let securityHeaders: [(String, String)]

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
        validated: [ConfigurationProblem]?, liveBus: any LiveBus = LocalLiveBus()
    ) throws(FolioStartupError) {
        var warnings: [String] = []
        let measurer: any TextMeasuring
        do {
            let fonts = try FontMeasurer.standard(publicDirectory: Self.fontsFolder(options.publicSearchPath))
            if case .summedAdvances(.notLoaded) = fonts.shaping {
                warnings.append(
                    "titles are not shaped, \(fonts.shaping): Arabic, Devanagari, Thai and emoji titles"
                        + " may get indicators of the wrong width")
            }
            measurer = fonts
        } catch {
            warnings.append("title widths are estimated: \(error)")
            measurer = EstimatingMeasurer()
        }
        // Tiles format with the configuration's names and lay charts out with the titles' fonts.
        let configuration = given.preparingTiles(measurer: measurer)
        self.configuration = configuration
        self.options = options
        self.sessions = sessions
        let site = SiteContext(
            title: configuration.title, base: options.basePath, version: options.version,
            lang: configuration.lang,
            dir: configuration.dir, stylesheets: configuration.stylesheets)
        let searchPath = options.templateSearchPath
        let templates: TemplateSet
        do {
            templates = try TemplateSet(searchPath: searchPath, formatting: configuration.formatting)
            // The chrome and the macro files it uses (`layout.html`, `pager.html`).
            for name in FolioCheck.requiredTemplates {
                try templates.template(named: name).checkMacroReferences()
            }
        } catch {
            throw FolioStartupError("templates in \(searchPath.joined(separator: ", ")): \(error)")
        }
        do throws(ConfigurationError) {
            let found: [ConfigurationProblem]
            if let validated {
                found = validated
            } else {
                found = try configuration.validate(templates: templates, searchPath: searchPath)
            }
            // Listed without their own "warning:": `folio serve` says it.
            warnings += found.map {
                var problem = $0
                problem.severity = .error
                return problem.description
            }
        } catch {
            throw FolioStartupError(error)
        }
        let staticFiles = try? StaticFiles(roots: options.publicSearchPath)
        if let staticFiles {
            warnings += Self.publicWarnings(staticFiles, stylesheets: configuration.stylesheets)
        } else {
            warnings.append(
                "no static files: cannot open \(options.publicSearchPath.joined(separator: ", "))")
        }
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
        let content = PageContentStore(
            templates: templates, site: site.templateValue, clock: sessions.clock, limits: options.pageData,
            language: configuration.lang, badges: Self.badgePaths(configuration.pagers))
        live = LiveHub(pagers: configuration.pagers, content: content, bus: liveBus)
        var pagers: [ResolvedPager] = []
        for pager in configuration.pagers {
            do {
                pagers.append(try ResolvedPager(pager, measurer: measurer))
            } catch {
                throw FolioStartupError("pager '\(pager.key)': \(error)")
            }
        }
        cookies = try CookiePolicy(options: options, secret: secret)
        trust = ProxyTrust(proxies: options.trustedProxies, identity: options.identityHeaders)
        access = PagerAccess(configuration, pagers: pagers, variants: PagerVariants(measurer: measurer))
        tokens = ClickTokens(sessions: sessions, secret: secret, maxAge: options.sessions.idleTimeout)
        errors = ErrorAnswers(templates: templates, site: site)
        let steps = PagerSteps(sessions: sessions, content: content)
        let pages = PageRendering(
            renderer: PagerRenderer(templates: templates, site: site, content: content, live: live),
            clock: sessions.clock)
        routes = RouteHandlers(
            index: IndexRoute(templates: templates, site: site, pagers: pagers, access: access),
            health: HealthRoute(readiness: StoreReadiness(store: sessions.store)),
            staticFiles: StaticFileRoute(files: staticFiles), stylesheet: StylesheetRoute(access: access),
            view: ViewRoute(
                sessions: sessions, steps: steps, pages: pages, cookies: cookies, secret: secret,
                errors: errors),
            state: StateRoute(sessions: sessions, steps: steps, site: site, errors: errors),
            panel: PanelRoute(sessions: sessions, content: content, errors: errors),
            events: EventsRoute(live: live, content: content, trust: trust),
            click: ClickRoute(
                sessions: sessions, steps: steps, pages: pages, cookies: cookies, tokens: tokens,
                errors: errors,
                site: site))
        if access.hasRules && options.trustedProxies.isEmpty {
            let guarded = configuration.pagers.filter { configuration.accessRule(of: $0) != .everyone }
            warnings.append(
                "no --trusted-proxy is set, so nobody who connects is ever signed in: "
                    + guarded.map { "'\($0.key)'" }.joined(separator: ", ")
                    + " answer 404 to every request from the network")
        }
        self.warnings = warnings
        securityHeaders = Self.securityHeaders(frameAncestors: options.frameAncestors)
    }

    /// Answers one request on the calling thread, blocking work included
    /// (tests, `folio render`, in-process clients). Never throws: refusals
    /// become 4xx/5xx answers with a short message (an error page for browsers).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        disposition(for: request).response()
    }

    /// Each badge page (`pager/page`) and where its count is.
    private static func badgePaths(_ pagers: [PagerConfiguration]) -> [String: BadgePath] {
        var paths: [String: BadgePath] = [:]
        for pager in pagers {
            for page in pager.pages {
                if let path = page.badge.flatMap(BadgePath.init) { paths[pager.key + "/" + page.key] = path }
            }
        }
        return paths
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
