import FolioCore
import FolioHTTP

/// A click on a durable store answered without a thread waiting for the
/// disk: decided and applied on the event loop, its answer prepared there,
/// and sent by the group commit once the change is on disk.
extension FolioApp {
    /// Runs on the loop. A click of a session in memory, with its own
    /// token, whose answer needs no page data that is not at hand, is
    /// applied here and answered when saved
    /// (`SessionManager.updatePagerWithoutWaiting`); every other click (a
    /// first click, a session to read from disk, a form token, a second
    /// click of a session whose save is under way, data to load, a refusal
    /// to explain) goes to `blocking` on the worker threads, which decides it
    /// as it always has (in memory, with no data to wait for, right here).
    func startClick(
        _ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest, _ visitor: Visitor,
        _ responder: HTTPResponder,
        otherwise blocking: @escaping HTTPResponder.Work
    ) {
        let fallBack = { @Sendable in
            // In memory, what may wait is only a page's data.
            if self.sessions.storeIsDurable || self.mayLoad(pager) {
                responder.respond(running: blocking)
            } else {
                responder.respond(blocking())
            }
        }
        guard visitor.postRefusal == nil, let click = try? ClickRequest(route, pager, request) else {
            return fallBack()
        }
        guard let (session, _) = sessions.peekSession(visitor.sessionClaim) else {
            // A store shared by instances keeps no session at hand: read it without waiting.
            let started = startClickReadingSession(click, request, visitor, responder, otherwise: fallBack)
            return started ? () : fallBack()
        }
        guard sessions.isValidToken(click.form["csrf"], for: session) else { return fallBack() }
        let update: DeferredPagerUpdate<HTTPResponse>?
        do {
            update = try sessions.updatePagerWithoutWaiting(
                pager.key, session: session.id, isCurrent: pager.fits,
                { (record) throws(PagerError) -> [PagerEffect] in
                    try click.step.apply(to: &record)
                },
                prepare: { effects, record in
                    preparedAnswer(
                        click, effects: effects, record: record, session: session, request, visitor)
                },
                whenSaved: { answer, error in
                    responder.respond(
                        error.map { self.errorResponse(.unavailable($0), for: request) } ?? answer)
                })
        } catch {
            return responder.respond(errorResponse(ClientError(error, pager: pager.key), for: request))
        }
        switch update {
        case nil: fallBack()
        case .unchanged(let answer): responder.respond(answer)
        case .saving: break
        }
    }

    /// The answer to a click decided without waiting, its effects performed;
    /// `nil` (nothing performed) when answering would wait: data to load
    /// first, for the effects or for the fragment it swaps in.
    func preparedAnswer(
        _ click: ClickRequest, effects: [PagerEffect], record: PagerRecord, session: SessionRecord,
        _ request: HTTPRequest, _ visitor: Visitor
    ) -> HTTPResponse? {
        guard !wouldWait(effects, on: click.pager),
            !(click.swapsFragment && needsLoad(record, of: click.pager))
        else { return nil }
        perform(effects, on: click.pager)
        return answering(request) { () throws(ClientError) in
            try clickAnswer(click, record: record, session: session, setsCookie: false, request, visitor)
        }
    }
}

extension ClientError {
    /// The answer to a session update that did not apply: a refused event
    /// (404/400), a store failure (503), or a session that is gone (403).
    init(_ error: SessionUpdateError<PagerError>, pager: String) {
        switch error {
        case .rejected(let refusal): self = .from(refusal, pager: pager)
        case .store(let failure): self = .unavailable(failure)
        case .ended: self = .noSession
        }
    }
}
