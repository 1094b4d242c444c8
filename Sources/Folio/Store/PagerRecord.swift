import FolioCore

/// One pager's state in one session, and what its delegate has counted.
public struct PagerRecord: Sendable, Equatable, Codable {
    /// The FolioCore state: pages, selection, loaded pages.
    public var state: PagerState
    /// How many times each page (by key) was shown: the `pageDidShow`
    /// delegate callbacks of seed 004, counted.
    public var shownCounts: [String: Int]
    /// When the last click applied was made, by the browser's clock (ms
    /// since 1970), if it said: an older click arriving later is overtaken.
    public var lastClickAt: Double?
    /// What changed when the record, stored under an earlier configuration,
    /// was adapted to the pages in force (`ResolvedPager.current(_:)`);
    /// kept until the visitor's next click, so the state JSON can say why
    /// the bar looks different. `nil` when nothing was adapted since.
    public var pagesChanged: PagesChange?

    /// Creates a record.
    public init(
        state: PagerState, shownCounts: [String: Int] = [:], lastClickAt: Double? = nil,
        pagesChanged: PagesChange? = nil
    ) {
        self.state = state
        self.shownCounts = shownCounts
        self.lastClickAt = lastClickAt
        self.pagesChanged = pagesChanged
    }
}
