import FolioCore
import FolioHTTP

/// `GET /{pager}`, `GET /{pager}/{page}` and `GET /{pager}/fragment`, resolved.
///
/// A class, like `RequestContext`: the plan and the closure that answers
/// pass it on, and each copy of a struct retained the pager, which every
/// event loop shares, so the loops' cores fought over its reference count.
final class ViewRequest: Sendable {
    let view: PagerView
    let pager: ResolvedPager
    /// `.select` of the URL's page, or `.appear`.
    let step: PagerStep
    /// The page a visitor who never showed this pager starts on.
    let startIndex: Int
    /// The `return` parameter: the embedding page a click returns to.
    let returnTarget: ReturnTarget?
    /// A wall screen's rotation or kiosk (`?rotate`, `?kiosk`, the pager's
    /// `rotate`, a playlist); `nil` for an ordinary view. Such a view keeps
    /// nothing.
    let wallScreen: WallScreenPlan?

    /// - Parameter wallScreen: A playlist's plan; `nil` to read the URL's
    ///   `?rotate` and `?kiosk` and the pager's `rotate`.
    /// - Throws: `ClientError` 404 for an unknown page, 400 for a return
    ///   target that is not a path on this site or a bad `?rotate`.
    init(
        _ view: PagerView, _ pager: ResolvedPager, pageKey: String?, request: HTTPRequest, basePath: String,
        wallScreen: WallScreenPlan? = nil
    ) throws(ClientError) {
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
        if let wallScreen {
            self.wallScreen = wallScreen
        } else {
            self.wallScreen = WallScreenPlan(
                try WallScreenQuery(request.query), configured: pager.configuration.rotate, base: basePath)
        }
    }
}
