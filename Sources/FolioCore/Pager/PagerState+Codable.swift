import Foundation

// Folio stores a `PagerState` per browser session, so decoding must not trust
// its input: a corrupted or hand-edited record is rejected with a
// `DecodingError` instead of producing a state that traps later.
extension PagerState: Codable {
    private enum CodingKeys: String, CodingKey {
        case pages, selection, loadedKeys, cacheLimit, transition
    }

    /// Decodes a state and checks every invariant `send` maintains.
    /// - Throws: `DecodingError.dataCorrupted` naming the broken invariant.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pages = try container.decode([Page].self, forKey: .pages)
        let selection = try container.decode(PagerSelection.self, forKey: .selection)
        let loadedKeys = try container.decode([String].self, forKey: .loadedKeys)
        let cacheLimit = try container.decodeIfPresent(Int.self, forKey: .cacheLimit)
        let transition = try container.decode(Transition.self, forKey: .transition)
        func corrupt(_ message: String) -> DecodingError {
            DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid pager state: \(message)"))
        }
        do {
            try Self.validate(pages: pages)
            try Self.validate(cacheLimit: cacheLimit, transition: transition)
        } catch {
            throw corrupt(error.description)
        }
        let indices: [Int]
        switch selection {
        case .notAppeared(let index), .shown(let index): indices = [index]
        case .transitioning(let from, let to): indices = from == to ? [-1] : [from, to]
        }
        guard indices.allSatisfy(pages.indices.contains) else { throw corrupt("selection \(selection)") }
        let keys = Set(pages.map(\.key))
        guard Set(loadedKeys).count == loadedKeys.count, loadedKeys.allSatisfy(keys.contains) else {
            throw corrupt("loaded keys \(loadedKeys)")
        }
        let visible = selection.hasAppeared ? indices.map { pages[$0].key } : []
        guard selection.hasAppeared || loadedKeys.isEmpty, visible.allSatisfy(loadedKeys.contains) else {
            throw corrupt("loaded keys \(loadedKeys) do not match selection \(selection)")
        }
        if let cacheLimit, loadedKeys.count > cacheLimit + (selection.isTransitioning ? 1 : 0) {
            throw corrupt("\(loadedKeys.count) pages loaded, cache limit \(cacheLimit)")
        }
        self.pages = pages
        self.selection = selection
        self.loadedKeys = loadedKeys
        self.cacheLimit = cacheLimit
        self.transition = transition
    }

    /// Encodes every stored property; keys as in ``init(from:)``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pages, forKey: .pages)
        try container.encode(selection, forKey: .selection)
        try container.encode(loadedKeys, forKey: .loadedKeys)
        try container.encodeIfPresent(cacheLimit, forKey: .cacheLimit)
        try container.encode(transition, forKey: .transition)
    }
}
