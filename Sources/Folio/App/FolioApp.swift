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

    let site: SiteContext
    let templates: TemplateSet
    let staticFiles: StaticFiles?
    let content: PageContentStore
    let renderer: PagerRenderer
    let pagerIndex: [String: Int]
    let layouts: [PagerLayout]
    let stylesheets: [PagerStylesheet]
    /// `initialStates[p][i]`: pager `p`, not yet shown, page `i` selected.
    let initialStates: [[PagerState]]
    let securityHeaders: [(String, String)]

    /// The session cookie's name over plain HTTP and under a base path.
    public static let cookieName = "folio_session"
    /// The session cookie's name over HTTPS at `/` (no base path): the
    /// `__Host-` prefix makes browsers refuse it from a sibling subdomain
    /// or without `Secure` (see `FolioApp+Cookies.swift`).
    public static let hostCookieName = "__Host-folio_session"

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
    init(
        configuration: FolioConfiguration, options: FolioAppOptions, sessions: SessionManager,
        validated: [ConfigurationProblem]?
    ) throws(FolioStartupError) {
        self.configuration = configuration
        self.options = options
        self.sessions = sessions
        site = SiteContext(title: configuration.title, base: options.basePath, version: options.version)
        let searchPath = options.templateSearchPath
        do {
            templates = try TemplateSet(searchPath: searchPath)
            // The chrome and the macro files it uses (`layout.html`, `pager.html`).
            for name in FolioCheck.requiredTemplates {
                try templates.template(named: name).checkMacroReferences()
            }
        } catch {
            throw FolioStartupError("templates in \(searchPath.joined(separator: ", ")): \(error)")
        }
        var warnings: [String] = []
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
        staticFiles = try? StaticFiles(root: options.publicDirectory)
        if staticFiles == nil { warnings.append("no static files: cannot open \(options.publicDirectory)") }
        let measurer: any TextMeasuring
        do {
            measurer = try FontMeasurer.standard(publicDirectory: options.publicDirectory)
        } catch {
            warnings.append("title widths are estimated: \(error)")
            measurer = EstimatingMeasurer()
        }
        self.warnings = warnings
        content = PageContentStore(
            templates: templates, site: site.templateValue, clock: sessions.clock, limits: options.pageData)
        renderer = PagerRenderer(templates: templates, site: site, content: content)
        pagerIndex = Dictionary(uniqueKeysWithValues: configuration.pagers.enumerated().map { ($1.key, $0) })
        layouts = configuration.pagers.map { PagerLayout(pager: $0, measurer: measurer) }
        stylesheets = zip(configuration.pagers, layouts).map { PagerStylesheet(pager: $0, layout: $1) }
        var initialStates: [[PagerState]] = []
        for pager in configuration.pagers {
            let pages = pager.pages.map { Page(key: $0.key, title: $0.title) }
            do {
                initialStates.append(
                    try pager.pages.indices.map { (index) throws(PagerError) in
                        try PagerState(
                            pages: pages, selectedIndex: index, cacheLimit: pager.cacheLimit,
                            transition: pager.transition)
                    })
            } catch {
                throw FolioStartupError("pager '\(pager.key)': \(error)")
            }
        }
        self.initialStates = initialStates
        securityHeaders = Self.securityHeaders(frameAncestors: options.frameAncestors)
    }

    /// Answers one request. Never throws: refusals become 4xx/5xx answers
    /// with a short message (an error page for browsers).
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try respond(to: request)
        } catch {
            response = errorResponse(error, for: request)
        }
        for (name, value) in securityHeaders where !response.headers.contains(name) {
            response.headers.add(name: name, value: value)
        }
        return response
    }

    /// Routes a request to its handler.
    func respond(to request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        guard let route = Route.match(path: request.path, basePath: options.basePath) else {
            throw .notFound("There is nothing at \(request.path).")
        }
        var pager: Int?
        if let key = route.pagerKey {
            guard let index = pagerIndex[key] else { throw .notFound("There is no pager '\(key)'.") }
            pager = index
        }
        guard route.allowedMethods.contains(request.method) else {
            throw .methodNotAllowed(request.method, allowed: route.allowedMethods)
        }
        switch route {
        case .index: return indexResponse()
        case .health: return .text(.ok, "ok")
        case .publicFile(let file):
            guard let staticFiles else { throw .notFound("There is no static file \(file).") }
            return staticFiles.response(for: request, path: file)
        case .pager: return try pageResponse(pager!, pageKey: nil, view: .page, request: request)
        case .page(_, let page): return try pageResponse(pager!, pageKey: page, view: .page, request: request)
        case .fragment: return try pageResponse(pager!, pageKey: nil, view: .fragment, request: request)
        case .state: return try stateResponse(pager!, request: request)
        case .stylesheet: return stylesheetResponse(pager!, request: request)
        case .select: return try selectResponse(pager!, request: request)
        case .scroll: return try scrollResponse(pager!, request: request)
        }
    }
}

/// Title widths when no font file can be opened: 0.55 em per Latin
/// character, 1 em per wide one. Only used with a warning.
struct EstimatingMeasurer: TextMeasuring {
    func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? fontSize : fontSize * 0.55) }
    }
}
