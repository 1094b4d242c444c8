import FolioCore
import FolioHTTP
import FolioTemplate
import FolioText

/// One generation of the dashboard: everything that comes from the
/// configuration files (the configuration, templates, resolved pagers,
/// content store, live hub, access rules, routes and static files), made
/// whole and checked before it serves, and never changed after.
///
/// `FolioApp` holds the current one and swaps in the next on a reload; a
/// request takes the generation once, at its start, so it finishes on the
/// one it began with.
final class FolioSite: Sendable {
    /// Numbered from 1, counting each reload that replaced the one before.
    let generation: Int
    /// The dashboard's pagers, prepared for their tiles.
    let configuration: FolioConfiguration
    /// Problems of this generation that did not stop it (a missing font).
    let warnings: [String]
    /// The event streams and refreshes of its live pagers.
    let live: LiveHub
    /// Who may see which pager.
    let access: PagerAccess
    /// Refusals as answers, for what the dispatch refuses itself.
    let errors: ErrorAnswers
    /// The route handlers the dispatch hands resolved requests to.
    let routes: RouteHandlers

    /// Loads the templates, checks `given` (unless `validated` holds the
    /// problems of a check already run), measures every title and lays out
    /// every title bar, so requests only look things up.
    /// - Throws: `FolioStartupError` naming the template, folder or page at
    ///   fault; for a configuration that is not valid, its `problems`.
    init(
        generation: Int, configuration given: FolioConfiguration, validated: [ConfigurationProblem]?,
        app: FolioAppParts
    ) throws(FolioStartupError) {
        self.generation = generation
        let options = app.options
        var warnings: [String] = []
        let measurer = Self.measurer(options, warnings: &warnings)
        // Tiles format with the configuration's names and lay charts out with the titles' fonts.
        let configuration = given.preparingTiles(measurer: measurer)
        self.configuration = configuration
        // After a reload the static and stylesheet URLs change, so no browser keeps an old file.
        let version = generation == 1 ? options.version : "\(options.version)-\(generation)"
        let site = SiteContext(
            title: configuration.title, base: options.basePath, version: version,
            lang: configuration.lang, dir: configuration.dir, stylesheets: configuration.stylesheets)
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
            warnings += FolioApp.publicWarnings(staticFiles, stylesheets: configuration.stylesheets)
        } else {
            warnings.append(
                "no static files: cannot open \(options.publicSearchPath.joined(separator: ", "))")
        }
        let sessions = app.sessions
        let content = PageContentStore(
            templates: templates, site: site.templateValue, clock: sessions.clock, limits: options.pageData,
            language: configuration.lang, badges: Self.badgePaths(configuration.pagers))
        live = LiveHub(pagers: configuration.pagers, content: content, bus: app.bus)
        var pagers: [ResolvedPager] = []
        for pager in configuration.pagers {
            do {
                pagers.append(try ResolvedPager(pager, measurer: measurer))
            } catch {
                throw FolioStartupError("pager '\(pager.key)': \(error)")
            }
        }
        access = PagerAccess(configuration, pagers: pagers, variants: PagerVariants(measurer: measurer))
        errors = ErrorAnswers(templates: templates, site: site)
        let steps = PagerSteps(sessions: sessions, content: content)
        let pages = PageRendering(
            renderer: PagerRenderer(templates: templates, site: site, content: content, live: live),
            securityHeaders: app.securityHeaders)
        routes = RouteHandlers(
            index: IndexRoute(templates: templates, site: site, pagers: pagers, access: access),
            health: HealthRoute(
                readiness: StoreReadiness(store: sessions.store), generation: generation,
                reloads: app.reloads),
            staticFiles: StaticFileRoute(files: staticFiles), stylesheet: StylesheetRoute(access: access),
            view: ViewRoute(
                sessions: sessions, steps: steps, pages: pages, cookies: app.cookies, secret: app.secret,
                errors: errors),
            state: StateRoute(sessions: sessions, steps: steps, site: site, errors: errors),
            panel: PanelRoute(sessions: sessions, content: content, errors: errors, live: live),
            events: EventsRoute(live: live, content: content, trust: app.trust),
            click: ClickRoute(
                sessions: sessions, steps: steps, pages: pages, cookies: app.cookies, tokens: app.tokens,
                errors: errors, site: site))
        if access.hasRules && options.trustedProxies.isEmpty {
            let guarded = configuration.pagers.filter { configuration.accessRule(of: $0) != .everyone }
            warnings.append(
                "no --trusted-proxy is set, so nobody who connects is ever signed in: "
                    + guarded.map { "'\($0.key)'" }.joined(separator: ", ")
                    + " answer 404 to every request from the network")
        }
        self.warnings = warnings
    }

    /// The fonts the page is served with, so indicators are as wide as the
    /// titles Chromium draws; an estimate, with a warning, without them.
    private static func measurer(_ options: FolioAppOptions, warnings: inout [String]) -> any TextMeasuring {
        do {
            let fonts = try FontMeasurer.standard(
                publicDirectory: FolioApp.fontsFolder(options.publicSearchPath))
            if case .summedAdvances(.notLoaded) = fonts.shaping {
                warnings.append(
                    "titles are not shaped, \(fonts.shaping): Arabic, Devanagari, Thai and emoji titles"
                        + " may get indicators of the wrong width")
            }
            return fonts
        } catch {
            warnings.append("title widths are estimated: \(error)")
            return EstimatingMeasurer()
        }
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
}

/// What lives across generations and each generation's routes use: the
/// options, sessions, the form-signing secret, cookies, trust, tokens, the
/// live bus, the reload record and the headers every answer carries.
struct FolioAppParts: Sendable {
    let options: FolioAppOptions
    let sessions: SessionManager
    let secret: ServerSecret
    let cookies: CookiePolicy
    let trust: ProxyTrust
    let tokens: ClickTokens
    let bus: any LiveBus
    let reloads: ReloadRecord
    /// Added to every answer that has not set its own
    /// (`FolioApp.securityHeaders(frameAncestors:)`).
    let securityHeaders: HTTPHeaders
}
