import FolioHTTP

/// The one place a request is decided: routed once, its pager resolved
/// once, its visitor read once, and from those where it is answered.
extension FolioApp {
    /// Decides on the event loop, without blocking, where `request` is
    /// answered. A view that writes nothing and has its data at hand, the
    /// index, health, static files and stylesheets are answered here; a
    /// write to a durable store (a click, a session's changed selection or
    /// due last-use note), a session not in memory, or a page whose data
    /// must be (re)loaded first goes to a worker thread with what was
    /// resolved here.
    public func disposition(for request: HTTPRequest) -> HTTPDisposition {
        // Before anything reads them: forwarded headers from a peer that is
        // no trusted proxy are dropped, so nothing further on believes them.
        let request = trust.believed(request)
        let person = trust.person(in: request)
        let note = person.map { "user=" + AccessRefusal.logWord($0.stableName) }
        do {
            switch try decide(request, person) {
            case .answer(let response): return .answer(finished(response, for: request, note: note))
            case .blocking(let work): return .blocking { self.finished(work(), for: request, note: note) }
            case .deferred(let start):
                return .deferred { responder in
                    start(responder.map { self.finished($0, for: request, note: note) })
                }
            }
        } catch {
            return .answer(finished(errorResponse(error, for: request), for: request, note: note))
        }
    }

    private func decide(_ request: HTTPRequest, _ person: Person?) throws(ClientError) -> HTTPDisposition {
        guard let route = Route.match(path: request.path, basePath: options.basePath) else {
            throw .notFound("There is nothing at \(request.path).")
        }
        var pager: ResolvedPager?
        if let key = route.pagerKey {
            // Before the method is judged, so a refused pager answers just
            // as one that does not exist, and down the same path: a missing
            // pager is judged too (by a rule that admits nobody), so neither
            // answer comes sooner and timing tells no pager's existence.
            switch visible(pagersByKey[key], key: key, to: person) {
            case .success(let shown): pager = shown
            case .failure(let refusal):
                var response = errorResponse(.notFound(Self.noPager(key)), for: request)
                response.accessLogNote = refusal.logNote
                return .answer(response)
            }
        }
        guard route.allowedMethods.contains(request.method) else {
            throw .methodNotAllowed(request.method, allowed: route.allowedMethods)
        }
        guard let pager else {
            switch route {
            case .index: return .answer(indexResponse(for: person))
            case .health:
                return request.query["ready"] == nil ? .answer(.text(.ok, "ok")) : readinessDisposition()
            case .publicFile(let file):
                guard let staticFiles else { throw .notFound("There is no static file \(file).") }
                return .answer(staticFiles.response(for: request, path: file))
            default: throw .notFound("There is nothing at \(request.path).")
            }
        }
        let visitor = Visitor(
            request, person: person, binding: cookies.binding,
            readsPlainCookie: cookies.readsPlainCookie(request))
        switch route {
        case .stylesheet: return .answer(stylesheetResponse(pager, request: request))
        case .pager:
            return try viewDisposition(
                ViewRequest(.page, pager, pageKey: nil, request: request), request, visitor)
        case .page(_, let page):
            return try viewDisposition(
                ViewRequest(.page, pager, pageKey: page, request: request), request, visitor)
        case .fragment:
            return try viewDisposition(
                ViewRequest(.fragment, pager, pageKey: nil, request: request), request, visitor)
        case .state: return stateDisposition(pager, request, visitor)
        case .panel(_, let page): return try panelDisposition(pager, page: page, request, visitor)
        case .events: return try eventsDisposition(pager, request)
        case .select, .scroll: return clickDisposition(route, pager, request, visitor)
        case .index, .health, .publicFile: throw .notFound("There is nothing at \(request.path).")
        }
    }

    /// The answer to a pager that does not exist, and to one the visitor
    /// may not see: the same words, so a refusal discloses nothing.
    private static func noPager(_ key: String) -> String { "There is no pager '\(key)'." }

    /// Adds the headers every answer carries, and who asked to its access
    /// log line (`note`: the person's name, never a cookie or token).
    func finished(_ response: HTTPResponse, for request: HTTPRequest, note: String?) -> HTTPResponse {
        var response = response
        if let note {
            response.accessLogNote = response.accessLogNote.map { note + " " + $0 } ?? note
        }
        for (name, value) in securityHeaders where !response.headers.contains(name) {
            response.headers.add(name: name, value: value)
        }
        return response
    }

    /// Whether answering must leave the store as it is: a `HEAD`, or a
    /// request the browser marks cross-site (a top-level `GET` from another
    /// site carries the `SameSite=Lax` cookie; without this it would move
    /// the session's selection and count a `pageDidShow`).
    static func changesNothing(_ request: HTTPRequest, _ visitor: Visitor) -> Bool {
        request.method == .head || visitor.isCrossSite
    }
}
