// Lazy loading (seeds 001, 003): a page loads when first shown, stays loaded
// in recency order, and past the cache limit the least recently shown page
// is unloaded. `loadedKeys` is ordered least recently shown first.
extension PagerState {
    /// Emits `load` unless the page is loaded; a new page counts as most recent.
    mutating func loadIfNeeded(_ key: String, into effects: inout [PagerEffect]) {
        guard !loadedKeys.contains(key) else { return }
        loadedKeys.append(key)
        effects.append(.load(key))
    }

    /// Emits `unload` if the page is loaded.
    mutating func unloadIfNeeded(_ key: String, into effects: inout [PagerEffect]) {
        guard let position = loadedKeys.firstIndex(of: key) else { return }
        loadedKeys.remove(at: position)
        effects.append(.unload(key))
    }

    /// Moves a loaded page to the most recent end.
    mutating func markShown(_ key: String) {
        guard let position = loadedKeys.firstIndex(of: key), position != loadedKeys.count - 1 else { return }
        loadedKeys.remove(at: position)
        loadedKeys.append(key)
    }

    /// Unloads least recently shown pages until the limit holds. Called right
    /// after `markShown`, so the shown page is last and never unloaded.
    mutating func trimCacheIfNeeded(into effects: inout [PagerEffect]) {
        guard let cacheLimit else { return }
        while loadedKeys.count > cacheLimit {
            effects.append(.unload(loadedKeys.removeFirst()))
        }
    }
}
