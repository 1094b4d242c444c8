import FolioHTTP

/// `GET /{pager}/{page}/panel`: a page's panel content, as the visitor's
/// next show of the page would render it, and nothing else. folio.js asks
/// for it while the reader drags towards a page not loaded yet; the reader
/// may still let go and snap back, so it changes nothing: no selection, no
/// loaded page, no count, no note of use, no cookie. The settle's click
/// records the page as shown, as it always did.
extension FolioApp {
    /// Answered on the loop when the data is at hand and the session (if
    /// any) in memory; a worker reads a session from disk or waits for the
    /// page's data (a file, URL or provider), as views do.
    /// - Throws: `ClientError` 404 for a page the pager does not have
    ///   (`{page}` is a key, or an index from 0 as in the select form).
    func panelDisposition(
        _ pager: ResolvedPager, page value: String, _ request: HTTPRequest, _ visitor: Visitor
    ) throws(ClientError) -> HTTPDisposition {
        let index = try pager.pageIndex(formValue: value)
        let page = pager.configuration.pages[index]
        let waitsForData = content.needsLoad(page.externalDataNames(of: pager.key))
        let peeked = sessions.peekSession(visitor.sessionClaim)
        if peeked == nil, visitor.sessionClaim != nil, sessions.storeIsDurable {
            return .blocking {
                self.answering(request) { () throws(ClientError) in
                    self.panelResponse(pager, index, session: try self.sessionReadOnly(visitor.sessionClaim))
                }
            }
        }
        let session = peeked?.record
        if waitsForData { return .blocking { self.panelResponse(pager, index, session: session) } }
        return .answer(panelResponse(pager, index, session: session))
    }

    /// The live session `claim` names, read from the store without noting its use.
    private func sessionReadOnly(_ claim: SessionClaim?) throws(ClientError) -> SessionRecord? {
        do { return try sessions.sessionNotingUse(claim, notes: false)?.record } catch {
            throw ClientError.unavailable(error)
        }
    }

    /// The panel's inner HTML (the loading or error panel while the data
    /// cannot be shown), rendered with the shown count the page will have
    /// once shown: the session's count, one more unless the page shows now.
    private func panelResponse(_ pager: ResolvedPager, _ index: Int, session: SessionRecord?) -> HTTPResponse
    {
        let page = pager.configuration.pages[index]
        let record = pager.storedRecord(in: session) ?? pager.startingRecord(at: 0)
        let showsNow = record.state.selectedIndex == index && record.state.isLoaded(page.key)
        let shownCount = (record.shownCounts[page.key] ?? 0) + (showsNow ? 0 : 1)
        let panel = content.panel(page, of: pager.configuration, shownCount: shownCount)
        var response = HTTPResponse.html(.ok, Array(panel.html.utf8))
        // The count (and so the content) can differ per session: never shared by caches.
        response.headers.add(name: "Cache-Control", value: "private, no-cache")
        return response
    }
}
