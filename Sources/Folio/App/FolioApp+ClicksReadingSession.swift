import FolioCore
import FolioHTTP

/// A click of a session that is not at hand (PostgreSQL: no session is kept
/// in the process) answered with no thread waiting on the database: its
/// session read in a batch of reads, the click decided in the read's
/// completion, saved in a batch of writes, and answered from the commit's
/// completion.
extension FolioApp {
    /// Starts the click; false, having done nothing, when the store cannot
    /// read without waiting (the caller falls back to a worker thread).
    /// Anything this path cannot decide (a wrong token, data to load, a
    /// session not issued at a click, another instance's save first) goes
    /// to `otherwise`, which decides it on a worker as it always has.
    func startClickReadingSession(
        _ click: ClickRequest, _ request: HTTPRequest, _ visitor: Visitor, _ responder: HTTPResponder,
        otherwise fallBack: @escaping @Sendable () -> Void
    ) -> Bool {
        let pager = click.pager
        guard sessions.readsWithoutWaiting, let claim = visitor.sessionClaim else { return false }
        return sessions.updatePagerReadingWithoutWaiting(
            pager.key, claim: claim, isCurrent: pager.fits,
            { (record) throws(PagerError) -> [PagerEffect] in try click.step.apply(to: &record) },
            prepare: { [self] effects, record, session in
                guard sessions.isValidToken(click.form["csrf"], for: session) else { return nil }
                return preparedAnswer(
                    click, effects: effects, record: record, session: session, request, visitor)
            },
            answer: { [self] answer, error in
                responder.respond(error.map { errorResponse(.unavailable($0), for: request) } ?? answer)
            },
            rejected: { [self] refusal in
                responder.respond(
                    errorResponse(ClientError(.rejected(refusal), pager: pager.key), for: request))
            },
            unavailable: { [self] error in responder.respond(errorResponse(.unavailable(error), for: request))
            },
            otherwise: fallBack)
    }
}
