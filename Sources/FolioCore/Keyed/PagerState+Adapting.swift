// A stored pager meets a new configuration: everything is kept by page key,
// so inserting, removing, reordering and retitling pages loses nothing that
// still exists.
extension PagerState {
    /// This state carried over to a new page list, cache limit and
    /// transition, with a description of what changed. Pure: it emits no
    /// effects (nothing is on screen while a stored state is adapted).
    ///
    /// - The selected page stays selected wherever it now is. When it was
    ///   removed, the selection lands on its nearest remaining neighbour in
    ///   the stored order, right first, then left, at growing distance (the
    ///   rule of ``PagerEvent/pageRemoved(key:)`` applied until a page that
    ///   remains is found); when no stored page remains, on the first page.
    /// - A running transition is finished: its target is shown.
    /// - Loaded pages that remain stay loaded, in their recency order; a
    ///   page the selection moved to that was not loaded becomes the most
    ///   recently shown (its content is produced when it is shown); then the cache is
    ///   trimmed to `cacheLimit`, least recently shown first, never the shown page.
    /// - Pages take their titles from `pages`.
    /// - Parameters:
    ///   - pages: The new pages: at least one, keys non-empty and unique.
    ///   - cacheLimit: The new cache limit, at least 1; `nil` keeps all.
    ///   - transition: The new transition.
    /// - Returns: The adapted state and what happened; an unchanged state
    ///   and an empty change when nothing differs.
    /// - Throws: ``PagerError/noPages``, ``PagerError/emptyKey``,
    ///   ``PagerError/duplicateKey(_:)``, ``PagerError/invalidCacheLimit(_:)``,
    ///   ``PagerError/invalidTransitionDuration(_:)``; nothing is adapted then.
    public func adapted(to pages: [Page], cacheLimit: Int?, transition: Transition) throws(PagerError)
        -> (state: PagerState, change: PagesChange)
    {
        try Self.validate(pages: pages)
        try Self.validate(cacheLimit: cacheLimit, transition: transition)
        let newIndexByKey = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1.key, $0) })
        let (newIndex, selectionMoved) = landing(in: newIndexByKey, newFirstKey: pages[0].key)
        var state = try PagerState(
            pages: pages, selectedIndex: newIndex, cacheLimit: cacheLimit, transition: transition)
        if selection.hasAppeared {
            let shownKey = pages[newIndex].key
            var loaded = loadedKeys.filter { newIndexByKey[$0] != nil }
            if !loaded.contains(shownKey) { loaded.append(shownKey) }
            if let cacheLimit { loaded = Self.trimmed(loaded, to: cacheLimit, keeping: shownKey) }
            state.loadedKeys = loaded
            state.selection = .shown(index: newIndex)
        }
        return (state, describe(pages, newIndexByKey: newIndexByKey, selectionMoved: selectionMoved))
    }

    /// The new index of the page to select, and the move when its page was removed.
    private func landing(in newIndexByKey: [String: Int], newFirstKey: String) -> (Int, SelectionMove?) {
        let selected = selectedIndex
        let selectedKey = self.pages[selected].key
        if let kept = newIndexByKey[selectedKey] { return (kept, nil) }
        for distance in 1..<max(self.pages.count, 1) {
            for candidate in [selected + distance, selected - distance]
            where self.pages.indices.contains(candidate) {
                let key = self.pages[candidate].key
                if let index = newIndexByKey[key] {
                    return (
                        index, SelectionMove(from: selectedKey, to: key, reason: .nearestRemainingNeighbour)
                    )
                }
            }
        }
        return (0, SelectionMove(from: selectedKey, to: newFirstKey, reason: .noStoredPageRemains))
    }

    /// `keys` without its least recently shown entries beyond `limit`, never `shown`.
    private static func trimmed(_ keys: [String], to limit: Int, keeping shown: String) -> [String] {
        var keys = keys
        while keys.count > limit, let oldest = keys.firstIndex(where: { $0 != shown }) {
            keys.remove(at: oldest)
        }
        return keys
    }

    /// What differs between the stored pages and `pages`.
    private func describe(_ pages: [Page], newIndexByKey: [String: Int], selectionMoved: SelectionMove?)
        -> PagesChange
    {
        let storedTitles = Dictionary(uniqueKeysWithValues: self.pages.map { ($0.key, $0.title) })
        let keptInStoredOrder = self.pages.map(\.key).filter { newIndexByKey[$0] != nil }
        let keptInNewOrder = pages.map(\.key).filter { storedTitles[$0] != nil }
        let storedRank = Dictionary(uniqueKeysWithValues: keptInStoredOrder.enumerated().map { ($1, $0) })
        return PagesChange(
            added: pages.map(\.key).filter { storedTitles[$0] == nil },
            removed: self.pages.map(\.key).filter { newIndexByKey[$0] == nil },
            moved: keptInNewOrder.enumerated().filter { storedRank[$1] != $0 }.map(\.element),
            retitled: pages.filter { page in storedTitles[page.key].map { $0 != page.title } ?? false }.map(
                \.key),
            selectionMoved: selectionMoved)
    }
}
