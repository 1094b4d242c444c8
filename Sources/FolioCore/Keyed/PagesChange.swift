/// What adapting a stored pager to a new page list changed
/// (``PagerState/adapted(to:cacheLimit:transition:)``), by page key, so a
/// visitor (or the state JSON) can be told why the bar looks different.
public struct PagesChange: Sendable, Codable, Hashable {
    /// Pages the new list has and the stored one had not, in the new order.
    public var added: [String]
    /// Pages the stored list had and the new one has not, in the stored order.
    public var removed: [String]
    /// Pages in both lists whose position among the pages in both changed,
    /// in the new order (an insertion or a removal alone moves none).
    public var moved: [String]
    /// Pages in both lists whose title changed, in the new order.
    public var retitled: [String]
    /// Where the selection went when its page was removed; `nil` when the
    /// same page is still selected.
    public var selectionMoved: SelectionMove?

    /// Creates a description; every part defaults to "nothing happened".
    public init(
        added: [String] = [], removed: [String] = [], moved: [String] = [], retitled: [String] = [],
        selectionMoved: SelectionMove? = nil
    ) {
        self.added = added
        self.removed = removed
        self.moved = moved
        self.retitled = retitled
        self.selectionMoved = selectionMoved
    }

    /// Whether no page was added, removed, moved or retitled (the cache
    /// limit or transition may still have changed).
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && moved.isEmpty && retitled.isEmpty && selectionMoved == nil
    }
}

/// The selection leaving a removed page: from which key to which, and why
/// that one.
public struct SelectionMove: Sendable, Codable, Hashable {
    /// Why the selection landed where it did.
    public enum Reason: String, Sendable, Codable, Hashable {
        /// The stored page nearest to the removed one that remains: right
        /// first, then left, at growing distance (as ``PagerEvent/pageRemoved(key:)``
        /// picks the right neighbour, the left one when the page was last).
        case nearestRemainingNeighbour
        /// None of the stored pages remains: the new list's first page.
        case noStoredPageRemains
    }

    /// The key of the removed page that was selected.
    public var from: String
    /// The key of the page selected now.
    public var to: String
    /// Why `to`.
    public var reason: Reason

    /// Creates a move.
    public init(from: String, to: String, reason: Reason) {
        self.from = from
        self.to = to
        self.reason = reason
    }
}
