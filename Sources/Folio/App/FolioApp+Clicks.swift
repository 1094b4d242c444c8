import FolioCore
import FolioHTTP
import FolioSync

/// `POST /{pager}/select` and `POST /{pager}/scroll`, resolved: the page
/// the click selects and where its answer goes.
struct ClickRequest: Sendable {
    let pager: ResolvedPager
    let form: FormFields
    /// The page selected: `page` (select), or `floor(offset / width)` clamped (scroll, seed 001).
    let index: Int
    /// The page the form was shown on (`from`), where a session created by
    /// this click starts, so its lifecycle continues from that view.
    let shownIndex: Int
    let returnTarget: ReturnTarget?
    /// Whether the answer is the fragment (`HX-Request: true`), not a redirect.
    let swapsFragment: Bool
    /// When the browser made the click (`clickedAt`, ms since 1970), if it says.
    let madeAt: Double?

    /// The reducer step of this click.
    var step: PagerStep { .click(index, madeAt: madeAt) }

    /// - Throws: `ClientError` 400 for a malformed form or return target,
    ///   404 for an unknown page.
    init(_ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest) throws(ClientError) {
        self.pager = pager
        do {
            form = try request.form()
        } catch {
            throw .badRequest("The form is malformed: \(error).")
        }
        if case .scroll = route {
            guard let text = form["offset"], let offset = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs an 'offset' field: the scroll position in CSS px.")
            }
            guard let text = form["width"], let width = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs a 'width' field: the page width in CSS px.")
            }
            do {
                index = try PagerState.pageIndex(offset: offset, pageWidth: width, count: pager.pageCount)
            } catch {
                throw ClientError.from(error, pager: pager.key)
            }
        } else {
            guard let page = form["page"], !page.isEmpty else {
                throw .badRequest("The form needs a 'page' field: a page key or index.")
            }
            index = try pager.pageIndex(formValue: page)
        }
        if let from = form["from"], !from.isEmpty {
            // A form older than a configuration change may name a page gone since.
            guard let index = pager.pageIndex(from) else {
                throw .badRequest(
                    "The form's 'from' field names no page of the pager '\(pager.key)'; reload the page and try again."
                )
            }
            shownIndex = index
        } else {
            // Forms rendered before `from` existed: the pager's first page, as `GET /{pager}` shows it.
            shownIndex = 0
        }
        if let text = form["clickedAt"], !text.isEmpty {
            guard let time = Double(text.trimmingSpacesAndTabs()), time.isFinite, time > 0 else {
                throw .badRequest(
                    "The form's 'clickedAt' field must be the time of the click in milliseconds since 1970.")
            }
            madeAt = time
        } else {
            madeAt = nil
        }
        returnTarget = try ReturnTarget(form["return"])
        swapsFragment =
            request.headers["HX-Request"].map { $0.trimmingSpacesAndTabs().equalsIgnoringASCIICase("true") }
            ?? false
    }
}

extension FolioApp {
    /// A click writes: started on the loop and answered once its save is
    /// durable (`startClick`), with no thread waiting for the disk; what
    /// cannot be decided there goes to a worker thread.
    func clickDisposition(_ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest, _ visitor: Visitor)
        -> HTTPDisposition
    {
        let answer = { @Sendable in
            self.answering(request) { () throws(ClientError) in
                try self.clickResponse(route, pager, request, visitor)
            }
        }
        return .deferred { responder in
            self.startClick(route, pager, request, visitor, responder, otherwise: answer)
        }
    }

    /// Checks what every click needs before anything changes (not sent
    /// cross-site, a well-formed form, a valid CSRF token), applies it to
    /// the visitor's session, or creates the session at this first click,
    /// and answers.
    private func clickResponse(
        _ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest, _ visitor: Visitor
    )
        throws(ClientError) -> HTTPResponse
    {
        if let refusal = visitor.postRefusal { throw refusal }
        let click = try ClickRequest(route, pager, request)
        var session: SessionRecord?
        if let claim = visitor.sessionClaim {
            // Read without noting the use: the click's own save carries it
            // (`applyClick`), so a click is one write, not a touch and a save.
            do { session = try sessions.sessionNotingUse(claim, notes: false)?.record } catch {
                throw ClientError.unavailable(error)
            }
        }
        let token = click.form["csrf"]
        if let session, sessions.isValidToken(token, for: session) {
            return try applyClick(click, to: session, request, visitor)
        }
        guard let token,
            let signed = SignedFormToken.verified(
                token, secret: secret, now: sessions.now, maxAge: options.sessions.idleTimeout)
        else {
            if session == nil { throw .noSession }
            throw .forbidden("The CSRF token is missing or wrong; reload the page and try again.")
        }
        // Bound to this browser's nonce cookie, or (where the cookie could
        // not be set, as in a portal's server-side include) vouched for by
        // the browser's own same-origin statement.
        guard
            visitor.formNonce.map({ HMACSHA256.isEqual($0, signed.nonce) }) ?? false
                || visitor.isProvenSameOrigin
        else {
            throw .forbidden(
                "The form's token belongs to another browser and this post does not say it comes from this site; reload the page and try again."
            )
        }
        if let session { return try applyClick(click, to: session, request, visitor) }
        return try firstClick(click, request, visitor)
    }

    private func applyClick(
        _ click: ClickRequest, to session: SessionRecord, _ request: HTTPRequest, _ visitor: Visitor
    )
        throws(ClientError) -> HTTPResponse
    {
        let (outcome, reissued) = try save(
            click.step, on: click.pager, session: session, startIndex: click.index, atClick: true)
        // A click that changed nothing saved nothing: its use is noted on its own
        // (in memory, written at most once per touch interval).
        if !outcome.changesRecord && reissued == nil { _ = sessions.noteUse(of: session) }
        perform(outcome.effects, on: click.pager)
        return try clickAnswer(
            click, record: outcome.after, session: reissued ?? session,
            setsCookie: reissued != nil, request, visitor)
    }

    /// The first click of a visitor without a session: the session is
    /// created with the pager as the view it was clicked on left it (`from`,
    /// shown once), then the click applied, in one durable write.
    private func firstClick(_ click: ClickRequest, _ request: HTTPRequest, _ visitor: Visitor)
        throws(ClientError) -> HTTPResponse
    {
        let shown = try outcome(of: .appear, on: click.pager, session: nil, startIndex: click.shownIndex)
        var record = shown.after
        let effects: [PagerEffect]
        do {
            effects = try click.step.apply(to: &record)
        } catch {
            throw ClientError.from(error, pager: click.pager.key)
        }
        let session: SessionRecord
        do {
            session = try sessions.createSession(
                pagers: [click.pager.key: record], boundToPerson: visitor.person != nil)
        } catch {
            throw ClientError.unavailable(error)
        }
        perform(shown.effects + effects, on: click.pager)
        return try clickAnswer(click, record: record, session: session, setsCookie: true, request, visitor)
    }

    /// After a successful click: `303` to the return target or the page's
    /// canonical URL (post, redirect, get), or for `HX-Request: true` the
    /// fragment, with `HX-Push-Url` unless it returns to an embedding page.
    /// Either way `Vary: HX-Request`. A session created or reissued by this
    /// click gets its cookie, and the fragment its token.
    func clickAnswer(
        _ click: ClickRequest, record: PagerRecord, session: SessionRecord, setsCookie: Bool,
        _ request: HTTPRequest, _ visitor: Visitor
    ) throws(ClientError) -> HTTPResponse {
        let location = site.pageURL(click.pager.key, record.state.selectedPage.key)
        var response: HTTPResponse
        if click.swapsFragment {
            response = try rendered(
                .fragment, click.pager, record: record,
                fields: ResponseFormFields(
                    csrfToken: Array(session.csrfToken.utf8),
                    returnTarget: click.returnTarget?.attributeBytes ?? []))
            if click.returnTarget == nil { response.headers.add(name: "HX-Push-Url", value: location) }
        } else {
            response = .redirect(to: click.returnTarget?.path ?? location)
            response.headers.add(name: "Cache-Control", value: "no-store")
        }
        response.headers.add(name: "Vary", value: "HX-Request")
        if setsCookie {
            for value in cookies.sessionCookies(id: session.id, for: request, visitor: visitor) {
                response.headers.add(name: "Set-Cookie", value: value)
            }
        }
        return response
    }

    /// Saves `step` on the session's record of `pager` (its latest copy,
    /// under the session lock), reissuing a session begun by a view under a
    /// fresh id at a click (`SessionManager.updatePagerAtClick`).
    /// - Throws: `ClientError` for a refused event (404/400), a store
    ///   failure (503), or a session that is gone (403).
    func save(
        _ step: PagerStep, on pager: ResolvedPager, session: SessionRecord, startIndex: Int,
        atClick: Bool = false
    )
        throws(ClientError) -> (StepOutcome, reissued: SessionRecord?)
    {
        let stored = pager.storedRecord(in: session)
        let result: ([PagerEffect], PagerRecord, reissued: SessionRecord?)
        do {
            result = try sessions.updatePager(
                pager.key, session: session.id, known: session, atClick: atClick,
                initial: { pager.startingRecord(at: startIndex) }, isCurrent: pager.fits,
                { (record) throws(PagerError) -> [PagerEffect] in try step.apply(to: &record) })
        } catch {
            throw ClientError(error, pager: pager.key)
        }
        return (StepOutcome(stored: stored, after: result.1, effects: result.0), result.reissued)
    }
}
