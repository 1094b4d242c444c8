import FolioHTTP

/// `GET /{pager}/{page}/panel`: a page's panel content, as the visitor's
/// next show of the page would render it, and nothing else. folio.js asks
/// for it while the reader drags towards a page not loaded yet; the reader
/// may still let go and snap back, so it changes nothing: no selection, no
/// loaded page, no count, no note of use, no cookie. The settle's click
/// records the page as shown, as it always did.
struct PanelRoute: Sendable {
    /// The id of the live event whose panel this is, byte for byte.
    static let liveStateHeader = "Folio-Live-State"

    let sessions: SessionManager
    let content: PageContentStore
    let errors: ErrorAnswers
    /// Tells which live event left a page of tiles' panel as it is now.
    let live: LiveHub

    /// - Throws: `ClientError` 404 for a page the pager does not have
    ///   (`{page}` is a key, or an index from 0 as in the select form).
    func plan(_ context: RequestContext, page value: String) throws(ClientError) -> RoutePlan {
        let pager = context.pager
        let index = try pager.pageIndex(formValue: value)
        let waitsForData = content.needsLoad(pager.externalDataNames[index], now: context.now)
        switch context.session {
        case .unread(let claim):
            return .act(waitsFor: .store) {
                do throws(StoreError) {
                    let session = try sessions.sessionNotingUse(claim, notes: false, at: context.now)?.record
                    return panel(pager, index, session: session, now: context.now)
                } catch {
                    return errors.response(.unavailable(error), for: context.request)
                }
            }
        case .atHand(let session, _):
            return .act(waitsFor: waitsForData ? .pageData : .nothing) {
                panel(pager, index, session: session, now: context.now)
            }
        case .none:
            return .act(waitsFor: waitsForData ? .pageData : .nothing) {
                panel(pager, index, session: nil, now: context.now)
            }
        }
    }

    /// The panel's inner HTML (the loading or error panel while the data
    /// cannot be shown), rendered with the shown count the page will have
    /// once shown: the session's count, one more unless the page shows now.
    private func panel(_ pager: ResolvedPager, _ index: Int, session: SessionRecord?, now: Double)
        -> HTTPResponse
    {
        let page = pager.configuration.pages[index]
        let record = pager.record(from: session?.pagers[pager.key], startingAt: 0)
        let showsNow = record.state.selectedIndex == index && record.state.isLoaded(page.key)
        let shownCount = (record.shownCounts[page.key] ?? 0) + (showsNow ? 0 : 1)
        let panel = content.panel(page, of: pager.configuration, shownCount: shownCount, now: now)
        var response = HTTPResponse.html(.ok, panel.bytes)
        // The count (and so the content) can differ per session: never shared by caches.
        response.headers.add(name: "Cache-Control", value: "private, no-cache")
        if let state = live.panelState(pager.configuration, page: page.key, bytes: panel.bytes) {
            // folio.js applies the changed tiles of the page's next event to exactly this panel.
            response.headers.add(name: Self.liveStateHeader, value: state)
        }
        return response
    }
}
