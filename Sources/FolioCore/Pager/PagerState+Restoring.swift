/// Why stored parts do not make a ``PagerState``: the first invariant they
/// break, in words.
public struct InvalidPagerState: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broken invariant, e.g. `selection shown(index: 7)`.
    public let description: String
}

extension PagerState {
    /// A state rebuilt from stored parts, checked against every invariant
    /// `send` keeps, so a corrupted or hand-edited record is refused rather
    /// than trapping later. ``init(from:)`` decodes through this; a store
    /// reading its own bytes directly calls it too.
    /// - Throws: ``InvalidPagerState`` naming the broken invariant.
    public init(
        restoringPages pages: [Page], selection: PagerSelection, loadedKeys: [String], cacheLimit: Int?,
        transition: Transition
    ) throws(InvalidPagerState) {
        do {
            try Self.validate(pages: pages)
            try Self.validate(cacheLimit: cacheLimit, transition: transition)
        } catch {
            throw InvalidPagerState(description: error.description)
        }
        let indices: [Int]
        switch selection {
        case .notAppeared(let index), .shown(let index): indices = [index]
        case .transitioning(let from, let to): indices = from == to ? [-1] : [from, to]
        }
        guard indices.allSatisfy(pages.indices.contains) else {
            throw InvalidPagerState(description: "selection \(selection)")
        }
        let keys = Set(pages.map(\.key))
        guard Set(loadedKeys).count == loadedKeys.count, loadedKeys.allSatisfy(keys.contains) else {
            throw InvalidPagerState(description: "loaded keys \(loadedKeys)")
        }
        let visible = selection.hasAppeared ? indices.map { pages[$0].key } : []
        guard selection.hasAppeared || loadedKeys.isEmpty, visible.allSatisfy(loadedKeys.contains) else {
            throw InvalidPagerState(
                description: "loaded keys \(loadedKeys) do not match selection \(selection)")
        }
        if let cacheLimit, loadedKeys.count > cacheLimit + (selection.isTransitioning ? 1 : 0) {
            throw InvalidPagerState(
                description: "\(loadedKeys.count) pages loaded, cache limit \(cacheLimit)")
        }
        self.pages = pages
        self.selection = selection
        self.loadedKeys = loadedKeys
        self.cacheLimit = cacheLimit
        self.transition = transition
    }
}
