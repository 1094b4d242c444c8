/// Supplies a pager's pages, as seed 004's data source does: the titles,
/// the page objects and an optional single title width.
///
/// ``PagerController`` reads it once, when created.
public protocol PagerDataSource {
    /// The tab titles, in order (seed 004 `titlesForPage:`).
    var titles: [String] { get }
    /// The page objects, one per title, in the same order (seed 004 `contentViewControllersForPage:`).
    var pages: [any PageLifecycle] { get }
    /// The width of every tab in CSS px, giving the `fixed` layout (seed 004
    /// `widthWithSingleTitle`); `nil` (the default) gives the `equal` layout.
    var singleTitleWidth: Double? { get }
    /// The page keys, one per title. Default: the titles themselves.
    var keys: [String] { get }
}

extension PagerDataSource {
    /// No single width: tabs share the bar equally.
    public var singleTitleWidth: Double? { nil }
    /// The titles, used as keys.
    public var keys: [String] { titles }
}

/// Hears which page a pager shows (seed 004's delegate).
public protocol PagerDelegate: AnyObject {
    /// A page became the one shown: after `appeared`, and after each completed
    /// change of selection. Not called for a tap on the page already shown,
    /// nor while a cross-dissolve is still running.
    /// - Parameters:
    ///   - page: The page object now shown.
    ///   - pager: The controller that shows it.
    func pageDidShow(_ page: any PageLifecycle, in pager: PagerController)
}
