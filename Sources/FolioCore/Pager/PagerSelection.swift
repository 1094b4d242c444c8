/// Where a pager's selection is, as one of its phases (never loose flags).
///
/// Indices refer to ``PagerState/pages`` and are kept pointing at the same
/// page when pages are added or removed.
public enum PagerSelection: Sendable, Codable, Hashable {
    /// The pager has not appeared yet; `index` is the page it will show first.
    /// Nothing is loaded or visible in this phase.
    case notAppeared(index: Int)
    /// The page at `index` is shown and at rest.
    case shown(index: Int)
    /// A cross-dissolve from one page to another is running. The title bar
    /// already selects `to`; the content still shows `from` until the
    /// transition finishes (seed 002).
    case transitioning(from: Int, to: Int)

    /// The index the title bar selects: the target of a running transition.
    public var selectedIndex: Int {
        switch self {
        case .notAppeared(let index), .shown(let index): return index
        case .transitioning(_, let to): return to
        }
    }

    /// The page whose content is current: the source of a running transition,
    /// `nil` before the pager appears.
    public var currentIndex: Int? {
        switch self {
        case .notAppeared: return nil
        case .shown(let index): return index
        case .transitioning(let from, _): return from
        }
    }

    /// Whether the pager has appeared.
    public var hasAppeared: Bool {
        if case .notAppeared = self { return false }
        return true
    }

    /// Whether a cross-dissolve is running.
    public var isTransitioning: Bool {
        if case .transitioning = self { return true }
        return false
    }

    /// The same phase with every index passed through `transform`.
    func mapIndices(_ transform: (Int) -> Int) -> PagerSelection {
        switch self {
        case .notAppeared(let index): return .notAppeared(index: transform(index))
        case .shown(let index): return .shown(index: transform(index))
        case .transitioning(let from, let to): return .transitioning(from: transform(from), to: transform(to))
        }
    }
}
