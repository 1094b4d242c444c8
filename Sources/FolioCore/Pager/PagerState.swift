/// A pager as a value: its pages, the selection phase, which pages are
/// loaded (with recency) and its configuration. After creation it changes
/// only through ``send(_:)`` and ``select(index:)``/``select(key:)``.
///
/// ## Lifecycle order
/// Every change emits one ordered list of ``PagerEffect``s, each callback
/// exactly once. Selecting page `new` while `old` shows:
///
///     willDisappear(old)  load(new)?  willAppear(new)     <- the will-half
///     didDisappear(old)  didAppear(new)  pageDidShow(new)  <- the did-half
///     unload(lru)*                                         <- cache trim
///
/// - `load` only when `new` is not loaded (first show, or shown again after an unload).
/// - `unload` only past the cache limit, for the least recently shown pages,
///   never the shown one. The cache is trimmed when a change completes, so
///   during a cross-dissolve one page more than the limit may be loaded.
/// - ``PagerEvent/appeared`` emits `load(first)? willAppear(first) didAppear(first) pageDidShow(first)`.
/// - With ``Transition/slide`` (or a zero-length cross-dissolve) both halves
///   come from the tap. With ``Transition/crossDissolve(duration:)`` the tap
///   emits the will-half and enters ``PagerSelection/transitioning(from:to:)``;
///   ``PagerEvent/transitionFinished`` emits the did-half (seed 002).
/// - Any other selecting event, and `pageRemoved`, during a transition first
///   finishes it (its did-half), then proceeds from the new page. Tapping the
///   transition's own target emits nothing.
/// - ``PagerEvent/pageAdded(_:at:)`` emits `willMove(k, true) didMove(k, true)`;
///   the page loads only when first shown.
/// - ``PagerEvent/pageRemoved(key:)`` of a page that is not shown emits
///   `willMove(k, false) unload(k)? didMove(k, false)`; of the shown page,
///   first the full selection lifecycle to its right neighbour (left when it
///   is last), then the same removal sequence.
/// - Before `appeared`, taps only move the selection (nothing is visible or
///   loaded, so no effects) and removals only emit the move pair.
/// - Pages given to the initializer are children from the start: they get no
///   `willMove`/`didMove(toParent: true)` from the state.
public struct PagerState: Sendable, Equatable {
    /// The pages, in title-bar order. Never empty.
    public internal(set) var pages: [Page]
    /// The selection phase.
    public internal(set) var selection: PagerSelection
    /// The keys of loaded pages, least recently shown first.
    public internal(set) var loadedKeys: [String]
    /// The most pages kept loaded at rest, or `nil` for no limit.
    public let cacheLimit: Int?
    /// How the content changes when the selection does.
    public let transition: Transition

    /// Creates a pager that has not appeared yet: nothing is loaded until
    /// ``PagerEvent/appeared``.
    /// - Parameters:
    ///   - pages: At least one page, keys unique and non-empty.
    ///   - selectedIndex: The page shown first. Default 0.
    ///   - cacheLimit: The most pages kept loaded, at least 1; `nil` (default) keeps all.
    ///   - transition: Default ``Transition/slide``.
    /// - Throws: ``PagerError/noPages``, ``PagerError/emptyKey``, ``PagerError/duplicateKey(_:)``,
    ///   ``PagerError/indexOutOfRange(index:count:)``, ``PagerError/invalidCacheLimit(_:)``,
    ///   ``PagerError/invalidTransitionDuration(_:)``.
    public init(
        pages: [Page], selectedIndex: Int = 0, cacheLimit: Int? = nil, transition: Transition = .slide
    ) throws(PagerError) {
        try Self.validate(pages: pages)
        guard pages.indices.contains(selectedIndex) else {
            throw .indexOutOfRange(index: selectedIndex, count: pages.count)
        }
        try Self.validate(cacheLimit: cacheLimit, transition: transition)
        self.pages = pages
        self.selection = .notAppeared(index: selectedIndex)
        self.loadedKeys = []
        self.cacheLimit = cacheLimit
        self.transition = transition
    }

    /// The index the title bar selects (the target of a running transition).
    public var selectedIndex: Int { selection.selectedIndex }

    /// The page the title bar selects.
    public var selectedPage: Page { pages[selectedIndex] }

    /// Whether the page with this key is loaded. `false` for unknown keys.
    public func isLoaded(_ key: String) -> Bool { loadedKeys.contains(key) }

    /// The index of the page with this key, or `nil`.
    public func index(ofKey key: String) -> Int? { pages.firstIndex { $0.key == key } }
}

extension PagerState {
    /// Checks a page list: non-empty, keys non-empty and unique.
    static func validate(pages: [Page]) throws(PagerError) {
        guard !pages.isEmpty else { throw .noPages }
        var seen = Set<String>()
        for page in pages {
            guard !page.key.isEmpty else { throw .emptyKey }
            guard seen.insert(page.key).inserted else { throw .duplicateKey(page.key) }
        }
    }

    /// Checks the configuration values.
    static func validate(cacheLimit: Int?, transition: Transition) throws(PagerError) {
        if let cacheLimit, cacheLimit < 1 { throw .invalidCacheLimit(cacheLimit) }
        if case .crossDissolve(let duration) = transition, !(duration.isFinite && duration >= 0) {
            throw .invalidTransitionDuration(duration)
        }
    }
}
