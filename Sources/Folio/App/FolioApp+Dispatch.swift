import FolioHTTP

/// The one dispatch: a request routed once, its pager judged once, its
/// visitor, session, form and token verdict resolved once into a
/// `RequestContext`, handed to the route's handler, and the handler's plan
/// placed (`RoutePlan.placed()`).
extension FolioApp {
    /// Decides on the event loop, without blocking, where `request` is
    /// answered: here when it waits for nothing, from a store completion
    /// when it starts one, on a worker thread when it waits for the store
    /// or a page's data.
    public func disposition(for request: HTTPRequest) -> HTTPDisposition {
        // Before anything reads them: forwarded headers from a peer that is
        // no trusted proxy are dropped, so nothing further on believes them.
        // A request with none goes on as it came.
        if let believed = parts.trust.withoutDistrusted(request) { return disposition(believing: believed) }
        return disposition(believing: request)
    }

    /// `disposition(for:)` of a request whose headers may all be believed.
    private func disposition(believing request: HTTPRequest) -> HTTPDisposition {
        let person = parts.trust.person(in: request)
        let note = person.map { "user=" + AccessRefusal.logWord($0.stableName) }
        // Once: the request finishes on this generation even if a reload replaces it meanwhile.
        let site = site
        let plan: RoutePlan
        do { plan = try self.plan(request, person, site) } catch {
            plan = .answered(site.errors.response(error, for: request))
        }
        switch (consume plan).placed() {
        case .answer(let response): return .answer(finished(response, note: note))
        case .blocking(let work): return .blocking { self.finished(work(), note: note) }
        case .deferred(let start):
            return .deferred { responder in start(responder.map { self.finished($0, note: note) }) }
        }
    }

    private func plan(_ request: HTTPRequest, _ person: Person?, _ site: FolioSite) throws(ClientError)
        -> RoutePlan
    {
        let routes = site.routes
        guard let route = Route.match(path: request.path, basePath: options.basePath) else {
            throw .notFound("There is nothing at \(request.path).")
        }
        guard let key = route.pagerKey else {
            try Self.checkMethod(request, route)
            switch route {
            case .index: return routes.index.plan(for: person)
            case .health: return routes.health.plan(request)
            case .publicFile(let file): return try routes.staticFiles.plan(request, file: file)
            case .playlist(let name): return try playlistPlan(request, person, name: name, on: site)
            default: throw .notFound("There is nothing at \(request.path).")
            }
        }
        // Before the method is judged, so a refused pager answers just as
        // one that does not exist, and down the same path: a missing pager
        // is judged too (by a rule that admits nobody), so neither answer
        // comes sooner and timing tells no pager's existence.
        let pager: ResolvedPager
        switch site.access.visible(key, to: person) {
        case .success(let shown): pager = shown
        case .failure(let refusal):
            var response = site.errors.response(.notFound("There is no pager '\(key)'."), for: request)
            response.accessLogNote = refusal.logNote
            return .answered(response)
        }
        try Self.checkMethod(request, route)
        let context = try resolve(request, route, pager, person)
        switch route {
        case .stylesheet: return routes.stylesheet.plan(context)
        case .pager:
            return try routes.view.plan(
                context, ViewRequest(.page, pager, pageKey: nil, request: request, basePath: options.basePath)
            )
        case .page(_, let page):
            return try routes.view.plan(
                context,
                ViewRequest(.page, pager, pageKey: page, request: request, basePath: options.basePath))
        case .fragment:
            return try routes.view.plan(
                context,
                ViewRequest(.fragment, pager, pageKey: nil, request: request, basePath: options.basePath))
        case .state: return routes.state.plan(context)
        case .panel(_, let page): return try routes.panel.plan(context, page: page)
        case .events: return try routes.events.plan(context)
        case .select, .scroll:
            guard let click = context.click else { throw .badRequest("The form is missing.") }
            return routes.click.plan(context, click)
        case .index, .health, .publicFile, .playlist: throw .notFound("There is nothing at \(request.path).")
        }
    }

    static func checkMethod(_ request: HTTPRequest, _ route: Route) throws(ClientError) {
        guard route.allowedMethods.contains(request.method) else {
            throw .methodNotAllowed(request.method, allowed: route.allowedMethods)
        }
    }

    /// The visitor, where their session is, and for a click (after the
    /// post's own refusal) its form and, when the session is known here,
    /// the token's verdict.
    func resolve(_ request: HTTPRequest, _ route: Route, _ pager: ResolvedPager, _ person: Person?)
        throws(ClientError) -> RequestContext
    {
        let visitor = Visitor(
            request, person: person, binding: parts.cookies.binding,
            readsPlainCookie: parts.cookies.readsPlainCookie(request))
        let now = sessions.now
        let session = route.readsSession ? sessions.lookUp(visitor.sessionClaim, now: now) : .none
        var click: ResolvedClick?
        if route.isClick {
            if let refusal = visitor.postRefusal { throw refusal }
            let form = try ClickRequest(route, pager, request)
            let verdict: ClickVerdict
            switch session {
            case .none: verdict = .judged(try parts.tokens.authority(form, visitor, session: nil, now: now))
            case .atHand(let record, _):
                verdict = .judged(try parts.tokens.authority(form, visitor, session: record, now: now))
            case .unread(let claim): verdict = .afterReading(claim)
            }
            click = ResolvedClick(form: form, verdict: verdict)
        }
        return RequestContext(
            request: request, route: route, pager: pager, visitor: visitor,
            changesNothing: RequestContext.changesNothing(request, visitor), session: session, click: click,
            now: now)
    }

    /// Adds the headers every answer carries, and who asked to its access
    /// log line (`note`: the person's name, never a cookie or token).
    /// `consuming`: the answer is changed in place, not copied first (a
    /// copy made adding a header copy every field).
    private func finished(_ response: consuming HTTPResponse, note: String?) -> HTTPResponse {
        if let note {
            response.accessLogNote = response.accessLogNote.map { note + " " + $0 } ?? note
        }
        response.headers.addAbsent(parts.securityHeaders)
        return response
    }

    /// Headers every answer carries: a strict Content-Security-Policy (no
    /// inline script or style: the indicator is placed by `pager.css`),
    /// `nosniff`, and a same-origin referrer policy.
    static func securityHeaders(frameAncestors: [String]) -> [(String, String)] {
        let ancestors = frameAncestors.isEmpty ? "'none'" : frameAncestors.joined(separator: " ")
        let policy = [
            "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
            "font-src 'self'", "connect-src 'self'", "form-action 'self'", "base-uri 'self'",
            "object-src 'none'", "frame-ancestors \(ancestors)",
        ].joined(separator: "; ")
        return [
            ("Content-Security-Policy", policy), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
        ]
    }
}
