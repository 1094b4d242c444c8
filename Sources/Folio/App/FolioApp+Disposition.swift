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
        do {
            switch try decide(request) {
            case .answer(let response): return .answer(finished(response, for: request))
            case .blocking(let work): return .blocking { self.finished(work(), for: request) }
            case .deferred(let start):
                return .deferred { responder in start(responder.map { self.finished($0, for: request) }) }
            }
        } catch {
            return .answer(finished(errorResponse(error, for: request), for: request))
        }
    }

    private func decide(_ request: HTTPRequest) throws(ClientError) -> HTTPDisposition {
        guard let route = Route.match(path: request.path, basePath: options.basePath) else {
            throw .notFound("There is nothing at \(request.path).")
        }
        var pager: ResolvedPager?
        if let key = route.pagerKey {
            guard let found = pagersByKey[key] else { throw .notFound("There is no pager '\(key)'.") }
            pager = found
        }
        guard route.allowedMethods.contains(request.method) else {
            throw .methodNotAllowed(request.method, allowed: route.allowedMethods)
        }
        switch (route, pager) {
        case (.index, _): return .answer(indexResponse())
        case (.health, _): return .answer(.text(.ok, "ok"))
        case (.publicFile(let file), _):
            guard let staticFiles else { throw .notFound("There is no static file \(file).") }
            return .answer(staticFiles.response(for: request, path: file))
        case (.stylesheet, let pager?): return .answer(stylesheetResponse(pager, request: request))
        case (.pager, let pager?):
            return try viewDisposition(ViewRequest(.page, pager, pageKey: nil, request: request), request)
        case (.page(_, let page), let pager?):
            return try viewDisposition(ViewRequest(.page, pager, pageKey: page, request: request), request)
        case (.fragment, let pager?):
            return try viewDisposition(ViewRequest(.fragment, pager, pageKey: nil, request: request), request)
        case (.state, let pager?): return stateDisposition(pager, request)
        case (.panel(_, let page), let pager?): return try panelDisposition(pager, page: page, request)
        case (.events, let pager?): return try eventsDisposition(pager, request)
        case (.select, let pager?), (.scroll, let pager?): return clickDisposition(route, pager, request)
        default: throw .notFound("There is nothing at \(request.path).")
        }
    }

    /// Adds the headers every answer carries.
    func finished(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
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
