extension PagerState {
    /// Applies one event and returns the effects to perform, in order (see
    /// ``PagerState`` for the order).
    ///
    /// Input is checked before anything changes: when this throws, the state
    /// is exactly as it was (its encoding is byte-for-byte equal).
    /// - Throws: ``PagerError/indexOutOfRange(index:count:)`` and
    ///   ``PagerError/unknownKey(_:)`` for taps; ``PagerError/invalidOffset(_:)``
    ///   and ``PagerError/invalidPageWidth(_:)`` for scroll ends;
    ///   ``PagerError/noTransitionInProgress``; ``PagerError/emptyKey``,
    ///   ``PagerError/duplicateKey(_:)`` and ``PagerError/insertionIndexOutOfRange(index:count:)``
    ///   for additions; ``PagerError/unknownKey(_:)`` and
    ///   ``PagerError/cannotRemoveLastPage(_:)`` for removals.
    public mutating func send(_ event: PagerEvent) throws(PagerError) -> [PagerEffect] {
        var effects = Self.emptyEffects()
        switch event {
        case .appeared:
            appearIfNeeded(into: &effects)
        case .titleTapped(let index):
            try checkIndex(index)
            selectPage(index, immediately: false, into: &effects)
        case .titleTappedKey(let key):
            let index = try existingIndex(ofKey: key)
            selectPage(index, immediately: false, into: &effects)
        case .scrollEnded(let offset, let pageWidth):
            let index = try Self.pageIndex(offset: offset, pageWidth: pageWidth, count: pages.count)
            selectPage(index, immediately: false, into: &effects)
        case .transitionFinished:
            guard selection.isTransitioning else { throw .noTransitionInProgress }
            finishTransitionIfNeeded(into: &effects)
        case .pageAdded(let page, let index):
            try checkInsertion(of: page, at: index)
            addPage(page, at: index, into: &effects)
        case .pageRemoved(let key):
            let index = try existingIndex(ofKey: key)
            guard pages.count > 1 else { throw .cannotRemoveLastPage(key) }
            removePage(at: index, into: &effects)
        }
        return effects
    }

    /// Selects a page and brings the pager to rest on it in one step, for
    /// callers that do not animate (the web server): appears first if needed,
    /// and finishes any cross-dissolve, pending or new, immediately.
    /// Selecting the page already at rest emits nothing.
    /// - Throws: ``PagerError/indexOutOfRange(index:count:)``, before changing anything.
    public mutating func select(index: Int) throws(PagerError) -> [PagerEffect] {
        try checkIndex(index)
        // Selecting the page already shown emits nothing (`selectPage`'s
        // own first check): a view of it then allocates no effect list.
        if case .shown(index) = selection { return [] }
        var effects = Self.emptyEffects()
        selectPage(index, immediately: true, into: &effects)
        appearIfNeeded(into: &effects)
        return effects
    }

    /// Like ``select(index:)``, naming the page by key.
    /// - Throws: ``PagerError/unknownKey(_:)``, before changing anything.
    public mutating func select(key: String) throws(PagerError) -> [PagerEffect] {
        try select(index: existingIndex(ofKey: key))
    }

    /// The page a scroll view at rest shows: `floor(offset / pageWidth)`,
    /// clamped to the last page (seed 001). A ratio within 1e-9 of a whole
    /// number counts as that number, so floating-point noise in
    /// `3 * width` never yields page 2.
    /// - Throws: ``PagerError/invalidOffset(_:)`` unless `offset` is finite and >= 0;
    ///   ``PagerError/invalidPageWidth(_:)`` unless `pageWidth` is finite and > 0.
    public static func pageIndex(offset: Double, pageWidth: Double, count: Int) throws(PagerError) -> Int {
        guard offset.isFinite, offset >= 0 else { throw .invalidOffset(offset) }
        guard pageWidth.isFinite, pageWidth > 0 else { throw .invalidPageWidth(pageWidth) }
        let ratio = offset / pageWidth
        let nearest = ratio.rounded()
        let position = abs(ratio - nearest) <= 1e-9 * max(1, nearest) ? nearest : ratio.rounded(.down)
        // Compare as Double first: a huge ratio would trap converting to Int.
        let last = max(count - 1, 0)
        return position >= Double(last) ? last : Int(position)
    }

    private func checkIndex(_ index: Int) throws(PagerError) {
        guard pages.indices.contains(index) else { throw .indexOutOfRange(index: index, count: pages.count) }
    }

    private func existingIndex(ofKey key: String) throws(PagerError) -> Int {
        guard let index = index(ofKey: key) else { throw .unknownKey(key) }
        return index
    }

    private func checkInsertion(of page: Page, at index: Int) throws(PagerError) {
        guard !page.key.isEmpty else { throw .emptyKey }
        guard self.index(ofKey: page.key) == nil else { throw .duplicateKey(page.key) }
        guard (0...pages.count).contains(index) else {
            throw .insertionIndexOutOfRange(index: index, count: pages.count)
        }
    }

    /// An empty effect list with room for what a step usually emits (a
    /// load, the appearance's two halves, the show): grown from empty, the
    /// array was allocated twice or three times per step.
    static func emptyEffects() -> [PagerEffect] {
        var effects: [PagerEffect] = []
        effects.reserveCapacity(8)
        return effects
    }
}
