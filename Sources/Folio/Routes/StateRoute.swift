import FolioHTTP

/// `GET /{pager}/state`: JSON of the session's pager, or of a new
/// visitor's; creates nothing. Waits only to read a session not at hand or
/// to write its due last-use note to a durable store.
struct StateRoute: Sendable {
    let sessions: SessionManager
    let steps: PagerSteps
    let site: SiteContext
    let errors: ErrorAnswers

    func plan(_ context: RequestContext) -> RoutePlan {
        let pager = context.pager
        let notes = !context.changesNothing
        switch context.session {
        case .none:
            return .answered(answer(pager, session: nil, context))
        case .atHand(let session, let useDue):
            return .act(waitsFor: notes && useDue && sessions.storeIsDurable ? .store : .nothing) {
                if notes { _ = sessions.noteUse(of: session, at: context.now) }
                return answer(pager, session: session, context)
            }
        case .unread(let claim):
            return .act(waitsFor: .store) {
                do throws(StoreError) {
                    let session = try sessions.sessionNotingUse(claim, notes: notes, at: context.now)?.record
                    return answer(pager, session: session, context)
                } catch {
                    return errors.response(.unavailable(error), for: context.request)
                }
            }
        }
    }

    /// What the pager's page shows this visitor: without a record of the
    /// pager, the first page appeared (loaded, shown once), as a view of it
    /// renders it; nothing is performed or saved for it here.
    private func answer(_ pager: ResolvedPager, session: SessionRecord?, _ context: RequestContext)
        -> HTTPResponse
    {
        errors.answering(context.request) { () throws(ClientError) in
            let record: PagerRecord
            if let stored = pager.storedRecord(in: session) {
                record = stored
            } else {
                record = try steps.outcome(of: .appear, on: pager, session: nil, startIndex: 0).after
            }
            var response = HTTPResponse.json(
                .ok, PagerProjection(pager, record: record, site: site).jsonBytes)
            response.headers.add(name: "Cache-Control", value: "private, no-cache")
            return response
        }
    }
}
