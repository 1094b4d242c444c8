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
        do {
            try self.init(
                restoringPages: pages, selection: selection, loadedKeys: loadedKeys, cacheLimit: cacheLimit,
                transition: transition)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid pager state: \(error)"))
        }
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
