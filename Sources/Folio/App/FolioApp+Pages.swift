import FolioCore
import FolioHTTP
import FolioTemplate

extension FolioApp {
    /// `GET /{pager}`, `GET /{pager}/{page}` and `GET /{pager}/fragment`: the
    /// session's pager (created if needed, since the form needs a token),
    /// with `pageKey` selected when given. A `HEAD` or cross-site request
    /// gets the same view and saves nothing (`unsavedView`).
    func pageResponse(_ pagerIndex: Int, pageKey: String?, view: PagerView, request: HTTPRequest)
        throws(ClientError) -> HTTPResponse
    {
        let pager = configuration.pagers[pagerIndex]
        var target: Int?
        if let pageKey {
            guard let index = pager.pageIndex(pageKey) else {
                throw .notFound("The pager '\(pager.key)' has no page '\(pageKey)'.")
            }
            target = index
        }
        let step = { (state: inout PagerState) throws(PagerError) -> [PagerEffect] in
            if let target { return try state.select(index: target) }
            return try state.send(.appeared)
        }
        // Read once for the whole answer: this runs for every view.
        let cookie = Self.sessionCookieField(in: request)
        if Self.savesNothing(request) {
            // A store that cannot be read shows what a new visitor sees.
            let session = (try? self.session(id: cookie?.value, creating: false, readOnly: true))
                .flatMap { $0?.0 }
            return try unsavedView(
                view, pagerIndex: pagerIndex, session: session, initialIndex: target ?? 0, step)
        }
        do throws(ClientError) {
            let (session, setsCookie) = try session(id: cookie?.value, creating: true, readOnly: false)!
            let record = try apply(pagerIndex, session: session, initialIndex: target ?? 0, step)
            var response = try rendered(view, pagerIndex: pagerIndex, record: record, session: session)
            if setsCookie || movesToHostCookie(cookie, request: request) {
                addSessionCookies(for: session, request: request, to: &response)
            }
            return response
        } catch  where error.status == .serviceUnavailable {
            // The store cannot save (disk full, read-only): reading still works,
            // showing the page as it would be without remembering it.
            let stored = try? sessions.session(id: cookie?.value)
            return try unsavedView(
                view, pagerIndex: pagerIndex, session: stored, initialIndex: target ?? 0,
                note: "unsaved; \(error.message)", step)
        }
    }

    /// The rendered pager (cached bytes plus this session's token).
    func rendered(_ view: PagerView, pagerIndex: Int, record: PagerRecord, session: SessionRecord)
        throws(ClientError) -> HTTPResponse
    {
        let parts: [[UInt8]]
        do {
            parts = try renderer.render(
                view, pager: configuration.pagers[pagerIndex], layout: layouts[pagerIndex], record: record,
                token: Array(session.csrfToken.utf8), now: sessions.now)
        } catch {
            throw ClientError(status: .internalServerError, message: "The page template failed: \(error)")
        }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                // Per session (token, selection): never shared by caches.
                "Cache-Control": "private, no-cache",
            ],
            body: .parts(parts))
    }

    /// `GET /{pager}/state`: JSON of the session's pager; creates nothing.
    func stateResponse(_ pagerIndex: Int, request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        let session = try session(
            id: Self.sessionCookie(in: request), creating: false, readOnly: Self.savesNothing(request))?.0
        let record = currentRecord(pagerIndex, session: session)
        let document = PagerStateDocument(
            pager: configuration.pagers[pagerIndex], layout: layouts[pagerIndex], record: record, site: site)
        var response = HTTPResponse.json(.ok, document.bytes)
        response.headers.add(name: "Cache-Control", value: "private, no-cache")
        return response
    }

    /// `GET /{pager}/pager.css`: the generated stylesheet, with an ETag.
    func stylesheetResponse(_ pagerIndex: Int, request: HTTPRequest) -> HTTPResponse {
        let stylesheet = stylesheets[pagerIndex]
        let headers: HTTPHeaders = [
            "ETag": stylesheet.etag, "Cache-Control": "public, max-age=60",
        ]
        if let match = request.headers["If-None-Match"],
            match.split(separator: ",").contains(where: { $0.trimmingSpaces == stylesheet.etag || $0 == "*" })
        {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        var response = HTTPResponse(status: .ok, headers: headers, body: .bytes(stylesheet.bytes))
        response.headers.add(name: "Content-Type", value: "text/css; charset=utf-8")
        return response
    }

    /// `GET /`: the index of pagers.
    func indexResponse() -> HTTPResponse {
        let pagers: [TemplateValue] = configuration.pagers.map { pager in
            .object(
                TemplateObject([
                    ("key", .string(pager.key)), ("title", .string(pager.title)),
                    ("href", .string(site.pagerURL(pager.key))),
                ]))
        }
        do {
            var output: [UInt8] = []
            try templates.template(named: "index.html").render(
                ["site": site.templateValue, "pagers": .array(pagers)], into: &output)
            return .html(.ok, output)
        } catch {
            return .text(.internalServerError, "The index template failed: \(error)")
        }
    }

    /// The live session of the cookie value `id`; with `creating`, a new
    /// one when there is none. `nil` only without `creating`. With
    /// `readOnly` (a request that must change nothing stored,
    /// `savesNothing`, as the caller decided once) it never creates one or
    /// notes its use.
    /// - Throws: `ClientError` 503 when the store cannot be read or written.
    func session(id: String?, creating: Bool, readOnly: Bool) throws(ClientError) -> (SessionRecord, Bool)? {
        do {
            if creating && !readOnly { return try sessions.sessionCreatingIfNeeded(id: id) }
            return try sessions.session(id: id, marksUse: !readOnly).map { ($0, false) }
        } catch {
            throw ClientError.unavailable(error)
        }
    }
}

extension Substring {
    /// The text without surrounding spaces and tabs.
    var trimmingSpaces: String { String(self).trimmingSpaces }
}
