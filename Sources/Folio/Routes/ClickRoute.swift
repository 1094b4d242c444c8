import FolioCore
import FolioHTTP

/// `POST /{pager}/select` and `POST /{pager}/scroll`: a click applied to
/// the visitor's session, or creating it at their first click.
///
/// One path whatever the store: the click's form and token verdict come
/// resolved (`RequestContext`); a session at hand is changed and answered
/// from its save's completion, a session in a store shared by instances is
/// read in a batch and the click decided in the read's completion, and
/// what must wait (a first click's insert, a reissue, data to load,
/// another instance's save first) goes on from there to a worker, the step
/// as decided carried along (`ClickRoute+Answer`). A second click of a
/// session whose save is under way is queued behind it (`SessionLocks`).
final class ClickRoute: Sendable {
    let sessions: SessionManager
    let steps: PagerSteps
    let pages: PageRendering
    let cookies: CookiePolicy
    let tokens: ClickTokens
    let errors: ErrorAnswers
    let site: SiteContext

    // A class, as `ViewRoute`: the completions a click hands on take one reference.
    init(
        sessions: SessionManager, steps: PagerSteps, pages: PageRendering, cookies: CookiePolicy,
        tokens: ClickTokens, errors: ErrorAnswers, site: SiteContext
    ) {
        self.sessions = sessions
        self.steps = steps
        self.pages = pages
        self.cookies = cookies
        self.tokens = tokens
        self.errors = errors
        self.site = site
    }

    func plan(_ context: RequestContext, _ resolved: ResolvedClick) -> RoutePlan {
        let click = resolved.form
        let claim: SessionClaim
        switch resolved.verdict {
        case .judged(let authority): return plan(click, authority, context)
        case .afterReading(let unread): claim = unread
        }
        guard sessions.readsWithoutWaiting else { return readOnWorker(click, claim, context) }
        return .start { [self] responder in
            // True: the store reads without waiting.
            _ = sessions.readWithoutWaiting(claim, at: context.now) { [self] read in
                switch read {
                case .success(let session):
                    judged(click, session, context).handOn(to: responder, fromStoreThread: true)
                // Trying again on a worker would only double the wait.
                case .failure(let error):
                    responder.respond(errors.response(.unavailable(error), for: context.request))
                }
            }
        }
    }

    /// The click once its session is read: its token judged, and applied.
    private func judged(_ click: ClickRequest, _ session: SessionRecord?, _ context: RequestContext)
        -> RoutePlan
    {
        do {
            return plan(
                click, try tokens.authority(click, context.visitor, session: session, now: context.now),
                context)
        } catch {
            return .answered(errors.response(error, for: context.request))
        }
    }

    /// A session that can only be read by waiting (one on disk, not in the cache).
    private func readOnWorker(_ click: ClickRequest, _ claim: SessionClaim, _ context: RequestContext)
        -> RoutePlan
    {
        .act(waitsFor: .store) { [self] in
            let session: SessionRecord?
            do throws(StoreError) {
                // Read without noting the use: the click's own save carries it.
                session = try sessions.sessionNotingUse(claim, notes: false, at: context.now)?.record
            } catch {
                return errors.response(.unavailable(error), for: context.request)
            }
            // On a worker already: whatever the click waits for next is waited for here.
            return judged(click, session, context).placed().response()
        }
    }

    /// Where a judged click acts: a first click creates its session (a
    /// write that waits); a session's click starts without waiting.
    private func plan(_ click: ClickRequest, _ authority: ClickAuthority, _ context: RequestContext)
        -> RoutePlan
    {
        let session: SessionRecord? =
            switch authority {
            case .session(let session): session
            case .newSession: nil
            }
        if let refusal = missingPageRefusal(click, session: session) {
            return .answered(errors.response(refusal, for: context.request))
        }
        switch authority {
        case .newSession:
            return .act(waitsFor: steps.writeWait(click.pager, now: context.now)) { [self] in
                errors.answering(context.request) { () throws(ClientError) in try firstClick(click, context) }
            }
        case .session(let session):
            return .start { [self] responder in applyWithoutWaiting(click, to: session, context, responder) }
        }
    }

    /// Applies the click with no thread waiting, answered from the save's
    /// completion; what cannot be done so goes on with what was decided.
    private func applyWithoutWaiting(
        _ click: ClickRequest, to session: SessionRecord, _ context: RequestContext,
        _ responder: HTTPResponder
    ) {
        let update: DeferredPagerUpdate<HTTPResponse, [PagerEffect]>
        do {
            update = try sessions.updatePagerWithoutWaiting(
                click.pager.key, session: session, isCurrent: click.pager.isCurrent,
                { (record) throws(PagerError) -> [PagerEffect] in try click.step.apply(to: &record) },
                prepare: { effects, record in preparedAnswer(click, effects, record, session, context) },
                whenSaved: { [self] saved in
                    switch saved {
                    case .saved(let answer): responder.respond(answer)
                    case .failed(let error):
                        responder.respond(errors.response(.unavailable(error), for: context.request))
                    case .conflicted:
                        applied(click, to: session, decided: nil, context).handOn(
                            to: responder, fromStoreThread: true)
                    }
                })
        } catch {
            return responder.respond(
                errors.response(ClientError(error, pager: click.pager.key), for: context.request))
        }
        switch update {
        case .unchanged(let answer): responder.respond(answer)
        case .saving: break
        case .declined(let decided):
            applied(click, to: session, decided: decided, context).handOn(to: responder)
        }
    }

    /// The click applied where it may wait (`SessionManager.updatePagerAtClick`).
    private func applied(
        _ click: ClickRequest, to session: SessionRecord, decided: SessionManager.Decided<[PagerEffect]>?,
        _ context: RequestContext
    ) -> RoutePlan {
        .act(waitsFor: steps.writeWait(click.pager, now: context.now)) { [self] in
            errors.answering(context.request) { () throws(ClientError) in
                try applyClick(click, to: session, decided: decided, context)
            }
        }
    }
}
