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
                throw .noPage(pageKey, of: pager.configuration)
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
