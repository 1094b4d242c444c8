import FolioCore
import FolioHTTP

extension FolioApp {
    /// `POST /{pager}/select`: form `page` and `csrf`. `page` is matched
    /// against the page keys first and only when none matches read as a
    /// position from 0, so a key made of digits hides the page at that
    /// position (`FolioConfiguration.validate(templates:)` warns of such keys).
    func selectResponse(_ pagerIndex: Int, request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        let pager = configuration.pagers[pagerIndex]
        let (form, session) = try checkedForm(request)
        guard let page = form["page"], !page.isEmpty else {
            throw .badRequest("The form needs a 'page' field: a page key or index.")
        }
        let index: Int
        if let byKey = pager.pageIndex(page) {
            index = byKey
        } else if let number = Int(page) {
            guard pager.pages.indices.contains(number) else {
                throw .notFound(
                    "The pager '\(pager.key)' has no page \(number) (it has \(pager.pages.count), numbered from 0)."
                )
            }
            index = number
        } else {
            throw .notFound("The pager '\(pager.key)' has no page '\(page)'.")
        }
        let (record, reissued) = try applyClick(pagerIndex, session: session, initialIndex: index) {
            (state) throws(PagerError) in
            try state.select(index: index)
        }
        return try actionAnswer(
            pagerIndex, record: record, session: session, reissued: reissued, request: request)
    }

    /// `POST /{pager}/scroll`: form `offset`, `width` (CSS px) and `csrf`;
    /// the page is `floor(offset / width)`, clamped (seed 001).
    func scrollResponse(_ pagerIndex: Int, request: HTTPRequest) throws(ClientError) -> HTTPResponse {
        let pager = configuration.pagers[pagerIndex]
        let (form, session) = try checkedForm(request)
        guard let offsetText = form["offset"], let offset = Double(offsetText.trimmingSpaces) else {
            throw .badRequest("The form needs an 'offset' field: the scroll position in CSS px.")
        }
        guard let widthText = form["width"], let width = Double(widthText.trimmingSpaces) else {
            throw .badRequest("The form needs a 'width' field: the page width in CSS px.")
        }
        let index: Int
        do {
            index = try PagerState.pageIndex(offset: offset, pageWidth: width, count: pager.pages.count)
        } catch {
            throw ClientError.from(error, pager: pager.key)
        }
        let (record, reissued) = try applyClick(pagerIndex, session: session, initialIndex: index) {
            (state) throws(PagerError) in
            try state.select(index: index)
        }
        return try actionAnswer(
            pagerIndex, record: record, session: session, reissued: reissued, request: request)
    }

    /// Checks what every POST needs before anything changes: not sent
    /// cross-site, a well-formed form, a live session and its CSRF token.
    func checkedForm(_ request: HTTPRequest) throws(ClientError) -> (FormFields, SessionRecord) {
        if Self.isCrossSite(request) {
            throw .forbidden("Cross-site form posts are refused (Sec-Fetch-Site: cross-site).")
        }
        let form: FormFields
        do {
            form = try request.form()
        } catch {
            throw .badRequest("The form is malformed: \(error).")
        }
        let id = Self.sessionCookie(in: request)
        // A post is never a HEAD, and a cross-site one was refused above: it may note the use.
        guard let session = try session(id: id, creating: false, readOnly: false)?.0 else { throw .noSession }
        guard sessions.isValidToken(form["csrf"], for: session) else {
            throw .forbidden("The CSRF token is missing or wrong; reload the page and try again.")
        }
        return (form, session)
    }

    /// After a successful POST: `303` to the page's canonical URL (post,
    /// redirect, get), or for `HX-Request: true` the fragment with
    /// `HX-Push-Url`. Either way `Vary: HX-Request`. A session reissued by
    /// this click gets its new cookie, and the fragment its new token.
    func actionAnswer(
        _ pagerIndex: Int, record: PagerRecord, session: SessionRecord, reissued: SessionRecord?,
        request: HTTPRequest
    ) throws(ClientError) -> HTTPResponse {
        let pager = configuration.pagers[pagerIndex]
        let location = site.pageURL(pager.key, record.state.selectedPage.key)
        let session = reissued ?? session
        var response: HTTPResponse
        if request.headers["HX-Request"]?.trimmingSpaces.lowercased() == "true" {
            response = try rendered(.fragment, pagerIndex: pagerIndex, record: record, session: session)
            response.headers.add(name: "HX-Push-Url", value: location)
        } else {
            response = .redirect(to: location)
            response.headers.add(name: "Cache-Control", value: "no-store")
        }
        response.headers.add(name: "Vary", value: "HX-Request")
        if reissued != nil { addSessionCookies(for: session, request: request, to: &response) }
        return response
    }
}
