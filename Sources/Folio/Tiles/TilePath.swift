import FolioTemplate

/// A dotted path into JSON data (`services.api.state`, `deploys.0`): object
/// keys, or positions in arrays.
struct TilePath: Sendable, Hashable, CustomStringConvertible {
    let keys: [String]

    /// Nil unless `text` is one or more non-empty keys joined by dots.
    init?(_ text: String) {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
        self.keys = keys
    }

    var description: String { keys.joined(separator: ".") }

    /// The value at this path in `root`, or nil when some step names nothing.
    func value(in root: TemplateValue) -> TemplateValue? {
        var value = root
        for key in keys {
            switch value {
            case .object(let object):
                guard let next = object[key] else { return nil }
                value = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }
}

/// The name under which a tile's own data is loaded and kept, beside the
/// pages' (`pager/page`): `pager/page/tile`. Page and pager keys hold no `/`.
enum TileDataName {
    static func of(_ tile: TileConfiguration, page: PageConfiguration, pager: String) -> String {
        pager + "/" + page.key + "/" + tile.key
    }

    /// The page (`pager/page`) a data name belongs to: itself for a page's,
    /// its page's for a tile's.
    static func page(of name: String) -> Substring {
        let parts = name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return Substring(name) }
        return name[..<parts[2].startIndex].dropLast()
    }
}
