/// Something that happened to a pager, fed to ``PagerState/send(_:)``.
public enum PagerEvent: Sendable, Equatable {
    /// The pager is first shown: loads and shows the selected page.
    /// A second `appeared` is ignored (emits nothing).
    case appeared
    /// The title at `index` was tapped. Tapping the selected title emits nothing.
    case titleTapped(index: Int)
    /// The title of the page with this key was tapped (a form post names pages by key).
    case titleTappedKey(String)
    /// Paged scrolling came to rest: the page is `floor(offset / pageWidth)`,
    /// clamped to the last page, then handled like a tap on its title (seed 001).
    case scrollEnded(offset: Double, pageWidth: Double)
    /// A cross-dissolve finished: the did-half of the lifecycle runs.
    case transitionFinished
    /// A page was inserted at `at` (`0...count`). It is not loaded until shown.
    case pageAdded(Page, at: Int)
    /// The page with this key was removed. If it was selected, a neighbour is shown.
    case pageRemoved(key: String)
}
