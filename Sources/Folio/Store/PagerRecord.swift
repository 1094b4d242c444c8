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

    /// Creates a record.
    public init(state: PagerState, shownCounts: [String: Int] = [:], lastClickAt: Double? = nil) {
        self.state = state
        self.shownCounts = shownCounts
        self.lastClickAt = lastClickAt
    }
}
