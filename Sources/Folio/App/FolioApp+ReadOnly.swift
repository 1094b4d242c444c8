import FolioCore
import FolioHTTP

/// Requests that change nothing stored.
///
/// State belongs to actions, not views, and a request the browser marks
/// cross-site changes nothing stored: a top-level `GET /essence/joke` from
/// another site carries the `SameSite=Lax` cookie, and without this it
/// would move the session's saved selection, count a `pageDidShow` and
/// create sessions. Such a request (`Sec-Fetch-Site: cross-site`), and any
/// `HEAD`, is answered with the view the URL asks for, computed on a copy
/// of the session's state: no selection or count is saved, no session is
/// created (so no `Set-Cookie`), and the session's use is not noted.
extension FolioApp {
    /// Whether the browser says the request comes from another site
    /// (Fetch Metadata `Sec-Fetch-Site: cross-site`, in any case).
    static func isCrossSite(_ request: HTTPRequest) -> Bool {
        guard let site = request.headers["Sec-Fetch-Site"] else { return false }
        return site.trimmingSpaces.lowercased() == "cross-site"
    }

    /// Whether answering `request` must leave the store as it is: a `HEAD`,
    /// or a request marked cross-site.
    static func savesNothing(_ request: HTTPRequest) -> Bool {
        request.method == .head || isCrossSite(request)
    }

    /// The view as it would be after `step`, from the session's stored
    /// record (or the pager's start, `initialIndex` selected), without
    /// saving anything. The form carries the session's token, or none
    /// when there is no session.
    /// - Parameters:
    ///   - session: The request's session, if it has one.
    ///   - note: Added as a `Folio-State` header when given (why nothing was saved).
    /// - Throws: `ClientError` for a refused event or a failed render.
    func unsavedView(
        _ view: PagerView, pagerIndex: Int, session: SessionRecord?, initialIndex: Int, note: String? = nil,
        _ step: (inout PagerState) throws(PagerError) -> [PagerEffect]
    ) throws(ClientError) -> HTTPResponse {
        let initial = initialStates[pagerIndex]
        var record = PagerRecord(state: initial[min(max(initialIndex, 0), initial.count - 1)])
        if let stored = session?.pagers[configuration.pagers[pagerIndex].key], Self.fits(stored, initial[0]) {
            record = stored
        }
        try applyWithoutSaving(pagerIndex, to: &record, step)
        var response = try rendered(
            view, pagerIndex: pagerIndex, record: record,
            session: session ?? SessionRecord(id: "", csrfToken: "", lastSeen: 0))
        if let note { response.headers.add(name: "Folio-State", value: note) }
        return response
    }
}
