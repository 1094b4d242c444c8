import FolioCore
import FolioHTTP

/// `GET /{pager}`, `GET /{pager}/{page}` and `GET /{pager}/fragment`.
///
/// A view of a visitor without a session is pure: it renders what a new
/// visitor sees and keeps nothing. A session's view saves its changed
/// selection and counts, like a click, and notes the session's use; it
/// waits when that write goes to a durable store, when the session must be
/// read, or when page data must load first. The step runs once, where the
/// request is resolved, and its outcome is what is saved and rendered.
///
/// A wall screen's view (`?rotate`, `?kiosk`, a pager's `rotate`, a
/// playlist) is a view that changes nothing, whoever asks: it creates no
/// session, saves no selection and sets no cookie, and its head says where
/// the screen goes next (`RotationHead`).
final class ViewRoute: Sendable {
    let sessions: SessionManager
    let steps: PagerSteps
    let pages: PageRendering
    let cookies: CookiePolicy
    let secret: ServerSecret
    let errors: ErrorAnswers

    // A class: the closures a view's plan hands on take one reference to
    // it, not a copy of every field (each a retain and a release per view).
    init(
        sessions: SessionManager, steps: PagerSteps, pages: PageRendering, cookies: CookiePolicy,
        secret: ServerSecret, errors: ErrorAnswers
    ) {
        self.sessions = sessions
        self.steps = steps
        self.pages = pages
        self.cookies = cookies
        self.secret = secret
        self.errors = errors
    }

    func plan(_ context: RequestContext, _ view: ViewRequest) throws(ClientError) -> RoutePlan {
        let context = view.wallScreen == nil ? context : context.changingNothing()
        switch context.session {
        case .none:
            let outcome = try steps.outcome(
                of: view.step, on: view.pager, session: nil, startIndex: view.startIndex)
            // Acted on now when nothing is waited for, so no closure is made
            // to carry it; else later, on a worker: the same act either way.
            guard !steps.needsLoad(outcome, of: view.pager, now: context.now) else {
                return .act(waitsFor: .pageData) { [self] in withoutSession(view, outcome, context) }
            }
            return .answered(withoutSession(view, outcome, context))
        case .atHand(let session, let useDue):
            let outcome = try steps.outcome(
                of: view.step, on: view.pager, session: session, startIndex: view.startIndex)
            let writes = !context.changesNothing && (outcome.changesRecord || useDue)
            let wait: RouteWait =
                writes && sessions.storeIsDurable
                ? .store : steps.needsLoad(outcome, of: view.pager, now: context.now) ? .pageData : .nothing
            // As above: the usual view, its session and data at hand, acts now.
            guard case .nothing = wait else {
                return .act(waitsFor: wait) { [self] in
                    atHand(view, session: session, outcome: outcome, context)
                }
            }
            return .answered(atHand(view, session: session, outcome: outcome, context))
        case .unread(let claim):
            return .act(waitsFor: .store) { [self] in
                errors.answering(context.request) { () throws(ClientError) in
                    try readAndView(view, claim, context)
                }
            }
        }
    }

    /// A view of a visitor without a session, its errors answered.
    private func withoutSession(_ view: ViewRequest, _ outcome: StepOutcome, _ context: RequestContext)
        -> HTTPResponse
    {
        errors.answering(context.request) { () throws(ClientError) in
            try sessionlessView(view, outcome, context)
        }
    }

    /// A session's view with the session at hand: notes its use (unless
    /// nothing may change), saves, renders.
    private func atHand(
        _ view: ViewRequest, session: SessionRecord, outcome: StepOutcome, _ context: RequestContext
    )
        -> HTTPResponse
    {
        errors.answering(context.request) { () throws(ClientError) in
            let touched = context.changesNothing ? false : sessions.noteUse(of: session, at: context.now)
            return try sessionView(view, session: session, touched: touched, outcome: outcome, context)
        }
    }

    /// A session not at hand, read (noting its use unless nothing may
    /// change). A session that is gone (expired, removed) is seen as a new
    /// visitor; so is one that cannot be read when nothing may change.
    private func readAndView(_ view: ViewRequest, _ claim: SessionClaim, _ context: RequestContext)
        throws(ClientError) -> HTTPResponse
    {
        let found: (record: SessionRecord, touched: Bool)?
        do {
            found = try sessions.sessionNotingUse(claim, notes: !context.changesNothing, at: context.now)
        } catch {
            if !context.changesNothing { throw ClientError.unavailable(error) }
            found = nil
        }
        guard let (session, touched) = found else {
            let outcome = try steps.outcome(
                of: view.step, on: view.pager, session: nil, startIndex: view.startIndex)
            return try sessionlessView(view, outcome, context)
        }
        let outcome = try steps.outcome(
            of: view.step, on: view.pager, session: session, startIndex: view.startIndex)
        return try sessionView(view, session: session, touched: touched, outcome: outcome, context)
    }

    /// What a visitor without a session sees: the URL's page (or the
    /// first) after the step, its form signed with the server secret. The
    /// signature is bound to the `folio_csrf` cookie, set here when the
    /// browser has none. Nothing is stored.
    private func sessionlessView(_ view: ViewRequest, _ outcome: StepOutcome, _ context: RequestContext)
        throws(ClientError) -> HTTPResponse
    {
        steps.perform(outcome.effects, on: view.pager, now: context.now)
        let visitor = context.visitor
        let token = SignedFormToken(
            nonce: visitor.formNonce ?? sessions.randomBytes(count: 16), issuedAt: Int(context.now))
        var response = try pages.rendered(
            view.view, view.pager, record: outcome.after,
            fields: ResponseFormFields(
                csrfToken: token.encodedBytes(secret: secret),
                returnTarget: view.returnTarget?.attributeBytes ?? [],
                wallScreen: wallScreenHead(view, outcome)),
            now: context.now)
        // A HEAD or cross-site view sets nothing either; its form's post is
        // then vouched for by the browser's same-origin statement.
        if !context.changesNothing {
            if visitor.formNonce == nil {
                response.headers.add(
                    name: "Set-Cookie",
                    value: cookies.formCookie(nonceHex: token.nonceHex, for: context.request))
            }
            if cookies.expiresPlainCookie(visitor, request: context.request) {
                response.headers.add(
                    name: "Set-Cookie", value: cookies.plainCookieExpiry(for: context.request))
            }
        }
        return response
    }

    /// A session's view once the session is read and the step run: saves a
    /// change (unless nothing may change), performs the effects, renders.
    private func sessionView(
        _ view: ViewRequest, session: SessionRecord, touched: Bool, outcome: StepOutcome,
        _ context: RequestContext
    ) throws(ClientError) -> HTTPResponse {
        var outcome = outcome
        var note: String?
        if !context.changesNothing && outcome.changesRecord {
            do throws(ClientError) {
                outcome =
                    try steps.save(
                        view.step, on: view.pager, session: session, startIndex: view.startIndex,
                        decided: outcome.decided
                    ).0
            } catch  where error.status == .serviceUnavailable {
                // The store cannot save (disk full, read-only): the page is
                // shown as it would be, without remembering it.
                note = "unsaved; \(error.message)"
            }
        }
        steps.perform(outcome.effects, on: view.pager, now: context.now)
        var response = try pages.rendered(
            view.view, view.pager, record: outcome.after,
            fields: ResponseFormFields(
                csrfToken: Array(session.csrfToken.utf8),
                returnTarget: view.returnTarget?.attributeBytes ?? [],
                wallScreen: wallScreenHead(view, outcome)),
            now: context.now)
        if let note { response.headers.add(name: "Folio-State", value: note) }
        let request = context.request
        if !context.changesNothing
            && (touched || cookies.expiresPlainCookie(context.visitor, request: request))
        {
            for value in cookies.sessionCookies(id: session.id, for: request, visitor: context.visitor) {
                response.headers.add(name: "Set-Cookie", value: value)
            }
        }
        return response
    }

    /// A wall screen's head elements for the page the outcome shows.
    private func wallScreenHead(_ view: ViewRequest, _ outcome: StepOutcome) -> [UInt8] {
        guard let plan = view.wallScreen else { return [] }
        return RotationHead.markup(plan.screen(of: view.pager, showing: outcome.after.state.selectedIndex))
    }
}
