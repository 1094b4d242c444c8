/// A page object that receives its lifecycle: the web counterpart of a child
/// view controller's `viewDidLoad`, `viewWillAppear` and friends.
///
/// ``PagerController`` calls each method once per matching ``PagerEffect``,
/// in the order ``PagerState`` documents. Every method has an empty default,
/// so a page implements only what it needs.
public protocol PageLifecycle: AnyObject {
    /// Produce the content: the page is about to be shown for the first time
    /// (or again after ``unload()``). Never called for a page never shown (seed 003).
    func load()
    /// Drop the content: the cache limit was exceeded, or the page is being removed.
    func unload()
    /// The page is about to become visible.
    func willAppear()
    /// The page became visible.
    func didAppear()
    /// The page is about to stop being visible.
    func willDisappear()
    /// The page stopped being visible.
    func didDisappear()
    /// The page is about to join (`true`) or leave (`false`) the pager.
    func willMove(toParent: Bool)
    /// The page joined (`true`) or left (`false`) the pager.
    func didMove(toParent: Bool)
}

extension PageLifecycle {
    /// Does nothing.
    public func load() {}
    /// Does nothing.
    public func unload() {}
    /// Does nothing.
    public func willAppear() {}
    /// Does nothing.
    public func didAppear() {}
    /// Does nothing.
    public func willDisappear() {}
    /// Does nothing.
    public func didDisappear() {}
    /// Does nothing.
    public func willMove(toParent: Bool) {}
    /// Does nothing.
    public func didMove(toParent: Bool) {}
}
