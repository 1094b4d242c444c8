import FolioCore
import FolioHTTP

/// `GET /{pager}`, `GET /{pager}/{page}` and `GET /{pager}/fragment`, resolved.
struct ViewRequest: Sendable {
    let view: PagerView
    let pager: ResolvedPager
    /// `.select` of the URL's page, or `.appear`.
    let step: PagerStep
    /// The page a visitor who never showed this pager starts on.
    let startIndex: Int
    /// The `return` parameter: the embedding page a click returns to.
    let returnTarget: ReturnTarget?

    /// - Throws: `ClientError` 404 for an unknown page, 400 for a return
    ///   target that is not a path on this site.
    init(_ view: PagerView, _ pager: ResolvedPager, pageKey: String?, request: HTTPRequest)
        throws(ClientError)
    {
        self.view = view
        self.pager = pager
        if let pageKey {
            guard let index = pager.pageIndex(pageKey) else {
                throw .notFound("The pager '\(pager.key)' has no page '\(pageKey)'.")
            }
            step = .select(index)
            startIndex = index
        } else {
            step = .appear
            startIndex = 0
        }
        returnTarget = try ReturnTarget(request.query["return"])
    }
}

extension FolioApp {
    /// A view of a visitor without a session is pure: it renders what a new
    /// visitor sees and keeps nothing. A session's view saves its changed
    /// selection and counts, like a click; it blocks when that write goes
    /// to a durable store, when the session is not in memory, or when page
    /// data must load first.
    func viewDisposition(_ view: ViewRequest, _ request: HTTPRequest, _ visitor: Visitor) throws(ClientError)
        -> HTTPDisposition
    {
        let readOnly = Self.changesNothing(request, visitor)
        let durable = sessions.storeIsDurable
        guard let claim = visitor.sessionClaim else {
            return try viewDisposition(view, request, asNewVisitorOf: visitor)
        }
        if let peeked = sessions.peekSession(claim) {
            let outcome = try outcome(
                of: view.step, on: view.pager, session: peeked.record, startIndex: view.startIndex)
            let writes = !readOnly && (outcome.changesRecord || peeked.touchDue)
            if !(writes && durable) && !needsLoad(outcome.after, of: view.pager) {
                // Decided and computed once: the session as peeked, the step as run above.
                let touched = readOnly ? false : sessions.noteUse(of: peeked.record)
                return .answer(
                    try sessionView(
                        view, session: peeked.record, touched: touched, outcome: outcome, request, visitor,
                        readOnly: readOnly))
            }
        } else if !durable {
            // In memory, a session not at hand does not exist.
            return try viewDisposition(view, request, asNewVisitorOf: visitor)
        }
        return .blocking {
            self.answering(request) { () throws(ClientError) in
                try self.sessionView(view, claim: claim, request, visitor, readOnly: readOnly)
            }
        }
    }

    private func viewDisposition(_ view: ViewRequest, _ request: HTTPRequest, asNewVisitorOf visitor: Visitor)
        throws(ClientError) -> HTTPDisposition
    {
        let outcome = try outcome(of: view.step, on: view.pager, session: nil, startIndex: view.startIndex)
        if needsLoad(outcome.after, of: view.pager) {
            return .blocking {
                self.answering(request) { () throws(ClientError) in
                    try self.sessionlessView(view, outcome, request, visitor)
                }
            }
        }
        return .answer(try sessionlessView(view, outcome, request, visitor))
    }

    /// What a visitor without a session sees: the URL's page (or the
    /// first) after the step, its form signed with the server secret. The
    /// signature is bound to the `folio_csrf` cookie, set here when the
    /// browser has none. Nothing is stored.
    func sessionlessView(
        _ view: ViewRequest, _ outcome: StepOutcome, _ request: HTTPRequest, _ visitor: Visitor
    )
        throws(ClientError) -> HTTPResponse
    {
        perform(outcome.effects, on: view.pager)
        let token = signedToken(for: visitor)
        var response = try rendered(
            view.view, view.pager, record: outcome.after,
            fields: ResponseFormFields(
                csrfToken: Array(token.encoded(secret: secret).utf8),
                returnTarget: view.returnTarget?.attributeBytes ?? []))
        // A HEAD or cross-site view sets nothing either; its form's post is
        // then vouched for by the browser's same-origin statement.
        if !Self.changesNothing(request, visitor) {
            if visitor.formNonce == nil {
                response.headers.add(
                    name: "Set-Cookie", value: cookies.formCookie(nonceHex: token.nonceHex, for: request))
            }
            if cookies.expiresPlainCookie(visitor, request: request) {
                response.headers.add(name: "Set-Cookie", value: cookies.plainCookieExpiry(for: request))
            }
        }
        return response
    }

    /// A session's view: reads the session (noting its use unless
    /// `readOnly`), runs the step on its record and saves a change. A
    /// session that is gone (expired, removed) is seen as a new visitor.
    func sessionView(
        _ view: ViewRequest, claim: SessionClaim, _ request: HTTPRequest, _ visitor: Visitor, readOnly: Bool
    )
        throws(ClientError) -> HTTPResponse
    {
        let found: (record: SessionRecord, touched: Bool)?
        do {
            found = try sessions.sessionNotingUse(claim, notes: !readOnly)
        } catch {
            if readOnly { return try newVisitorView(view, request, visitor) }
            throw ClientError.unavailable(error)
        }
        guard let (session, touched) = found else { return try newVisitorView(view, request, visitor) }
        let outcome = try outcome(
            of: view.step, on: view.pager, session: session, startIndex: view.startIndex)
        return try sessionView(
            view, session: session, touched: touched, outcome: outcome, request, visitor, readOnly: readOnly)
    }

    /// A session's view once the session is read and the step run: saves a
    /// change (unless `readOnly`), performs the effects, renders.
    private func sessionView(
        _ view: ViewRequest, session: SessionRecord, touched: Bool, outcome: StepOutcome,
        _ request: HTTPRequest,
        _ visitor: Visitor, readOnly: Bool
    ) throws(ClientError) -> HTTPResponse {
        var outcome = outcome
        var note: String?
        if !readOnly && outcome.changesRecord {
            do throws(ClientError) {
                outcome = try save(view.step, on: view.pager, session: session, startIndex: view.startIndex).0
            } catch  where error.status == .serviceUnavailable {
                // The store cannot save (disk full, read-only): the page is
                // shown as it would be, without remembering it.
                note = "unsaved; \(error.message)"
            }
        }
        perform(outcome.effects, on: view.pager)
        var response = try rendered(
            view.view, view.pager, record: outcome.after,
            fields: ResponseFormFields(
                csrfToken: Array(session.csrfToken.utf8),
                returnTarget: view.returnTarget?.attributeBytes ?? []))
        if let note { response.headers.add(name: "Folio-State", value: note) }
        if !readOnly && (touched || cookies.expiresPlainCookie(visitor, request: request)) {
            for value in cookies.sessionCookies(id: session.id, for: request, visitor: visitor) {
                response.headers.add(name: "Set-Cookie", value: value)
            }
        }
        return response
    }

    private func newVisitorView(_ view: ViewRequest, _ request: HTTPRequest, _ visitor: Visitor)
        throws(ClientError) -> HTTPResponse
    {
        let outcome = try outcome(of: view.step, on: view.pager, session: nil, startIndex: view.startIndex)
        return try sessionlessView(view, outcome, request, visitor)
    }

    /// A signed token bound to the browser's `folio_csrf` nonce, or to a new one.
    func signedToken(for visitor: Visitor) -> SignedFormToken {
        SignedFormToken(
            nonce: visitor.formNonce ?? sessions.randomBytes(count: 16), issuedAt: Int(sessions.now))
    }

    /// The rendered pager: cached bytes with the form's fields spliced in.
    func rendered(_ view: PagerView, _ pager: ResolvedPager, record: PagerRecord, fields: ResponseFormFields)
        throws(ClientError) -> HTTPResponse
    {
        let parts: [[UInt8]]
        do {
            parts = try renderer.render(view, pager, record: record, fields: fields, now: sessions.now)
        } catch {
            throw ClientError(status: .internalServerError, message: "The page template failed: \(error)")
        }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                // Per visitor (token, selection): never shared by caches.
                "Cache-Control": "private, no-cache",
            ],
            body: .parts(parts))
    }

    /// `GET /{pager}/state`: JSON of the session's pager, or of a new
    /// visitor's; creates nothing. Blocks only to read a session not in
    /// memory or write its due last-use note.
    func stateDisposition(_ pager: ResolvedPager, _ request: HTTPRequest, _ visitor: Visitor)
        -> HTTPDisposition
    {
        let readOnly = Self.changesNothing(request, visitor)
        let answer = { @Sendable in
            self.answering(request) { () throws(ClientError) in
                try self.stateResponse(pager, claim: visitor.sessionClaim, readOnly: readOnly)
            }
        }
        guard sessions.storeIsDurable, let claim = visitor.sessionClaim,
            sessions.peekSession(claim).map({ $0.touchDue && !readOnly }) ?? true
        else { return .answer(answer()) }
        return .blocking(answer)
    }

    private func stateResponse(_ pager: ResolvedPager, claim: SessionClaim?, readOnly: Bool)
        throws(ClientError)
        -> HTTPResponse
    {
        var session: SessionRecord?
        if let claim {
            do { session = try sessions.sessionNotingUse(claim, notes: !readOnly)?.record } catch {
                throw ClientError.unavailable(error)
            }
        }
        // What the pager's page shows this visitor: without a record of the
        // pager, the first page appeared (loaded, shown once), as a view of
        // it renders it; nothing is performed or saved for it here.
        var record = pager.storedRecord(in: session)
        if record == nil { record = try outcome(of: .appear, on: pager, session: nil, startIndex: 0).after }
        var response = HTTPResponse.json(
            .ok, PagerProjection(pager, record: record ?? pager.startingRecord(at: 0), site: site).jsonBytes)
        response.headers.add(name: "Cache-Control", value: "private, no-cache")
        return response
    }

    /// Runs `body`, turning its refusal into the error answer.
    func answering(_ request: HTTPRequest, _ body: () throws(ClientError) -> HTTPResponse) -> HTTPResponse {
        do { return try body() } catch { return errorResponse(error, for: request) }
    }
}
