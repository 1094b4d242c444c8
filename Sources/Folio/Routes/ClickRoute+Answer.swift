import FolioCore
import FolioHTTP

/// A click's change where it may wait, and its answer.
extension ClickRoute {
    /// The click applied to its session under the session's lock, reusing
    /// the step `decided` while the stored record is the one it ran on.
    func applyClick(
        _ click: ClickRequest, to session: SessionRecord, decided: SessionManager.Decided<[PagerEffect]>?,
        _ context: RequestContext
    ) throws(ClientError) -> HTTPResponse {
        let (outcome, reissued) = try steps.save(
            click.step, on: click.pager, session: session, startIndex: click.index, atClick: true,
            decided: decided)
        // A click that changed nothing saved nothing: its use is noted on its own
        // (in memory, written at most once per touch interval).
        if !outcome.changesRecord && reissued == nil { _ = sessions.noteUse(of: session, at: context.now) }
        steps.perform(outcome.effects, on: click.pager, now: context.now)
        return try clickAnswer(
            click, record: outcome.after, session: reissued ?? session, setsCookie: reissued != nil, context)
    }

    /// The first click of a visitor without a session: the session is
    /// created with the pager as the view it was clicked on left it (`from`,
    /// shown once), then the click applied, in one durable write.
    func firstClick(_ click: ClickRequest, _ context: RequestContext) throws(ClientError) -> HTTPResponse {
        let shown = try steps.outcome(
            of: .appear, on: click.pager, session: nil, startIndex: click.shownIndex)
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
                pagers: [click.pager.key: record], boundToPerson: context.visitor.person != nil)
        } catch {
            throw ClientError.unavailable(error)
        }
        steps.perform(shown.effects + effects, on: click.pager, now: context.now)
        return try clickAnswer(click, record: record, session: session, setsCookie: true, context)
    }

    /// The answer to a click decided without waiting, its effects performed;
    /// `nil` (nothing performed) when answering would wait: data to load
    /// first, for the effects or for the fragment it swaps in.
    func preparedAnswer(
        _ click: ClickRequest, _ effects: [PagerEffect], _ record: PagerRecord, _ session: SessionRecord,
        _ context: RequestContext
    ) -> HTTPResponse? {
        guard !steps.wouldWait(effects, on: click.pager, now: context.now),
            !(click.swapsFragment && steps.needsLoad(record, of: click.pager, now: context.now))
        else { return nil }
        steps.perform(effects, on: click.pager, now: context.now)
        return errors.answering(context.request) { () throws(ClientError) in
            try clickAnswer(click, record: record, session: session, setsCookie: false, context)
        }
    }

    /// After a successful click: `303` to the return target or the page's
    /// canonical URL (post, redirect, get), or for `HX-Request: true` the
    /// fragment, with `HX-Push-Url` unless it returns to an embedding page.
    /// A click on a page removed since is answered `200` with the pager as
    /// it is (the page, or the fragment) and the `pageRemoved` notice.
    /// Either way `Vary: HX-Request`. A session created or reissued by this
    /// click gets its cookie, and the fragment its token.
    private func clickAnswer(
        _ click: ClickRequest, record: PagerRecord, session: SessionRecord, setsCookie: Bool,
        _ context: RequestContext
    ) throws(ClientError) -> HTTPResponse {
        let location = site.pageURL(click.pager.key, record.state.selectedPage.key)
        let fields = ResponseFormFields(
            csrfToken: Array(session.csrfToken.utf8), returnTarget: click.returnTarget?.attributeBytes ?? [])
        var response: HTTPResponse
        if click.missingPage != nil {
            response = try pages.rendered(
                click.swapsFragment ? .fragment : .page, click.pager, record: record, fields: fields,
                now: context.now, notice: .pageRemoved)
            response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
            if click.swapsFragment && click.returnTarget == nil {
                response.headers.add(name: "HX-Push-Url", value: location)
            }
        } else if click.swapsFragment {
            response = try pages.rendered(
                .fragment, click.pager, record: record, fields: fields, now: context.now)
            if click.returnTarget == nil { response.headers.add(name: "HX-Push-Url", value: location) }
        } else {
            response = .redirect(to: click.returnTarget?.path ?? location)
            response.headers.add(name: "Cache-Control", value: "no-store")
        }
        response.headers.add(name: "Vary", value: "HX-Request")
        if setsCookie {
            for value in cookies.sessionCookies(
                id: session.id, for: context.request, visitor: context.visitor)
            {
                response.headers.add(name: "Set-Cookie", value: value)
            }
        }
        return response
    }
}
