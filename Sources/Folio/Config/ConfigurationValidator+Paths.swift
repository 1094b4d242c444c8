import FolioTemplate
import Foundation

extension ConfigurationValidator {
    /// Warns of a badge or tile path that names nothing in the data
    /// `folio check` can see (inline data, a readable data file): a typo
    /// there shows no count, or a tile's problem, only once served. URL and
    /// provider data are not known before they load, so they are not judged.
    mutating func checkDataPaths(_ page: PageConfiguration, of what: String, at path: String) {
        let pageData = visibleData(page.source)
        // A badge without data is reported as such (`checkLive`), not again here.
        if let badge = page.badge, let keys = BadgePath(badge), page.source != .none, let pageData,
            keys.count(in: pageData) == nil
        {
            report(
                path + ".badge",
                "the badge '\(badge)' of \(what) names no number or list in its data, so no count will show",
                severity: .warning)
        }
        for (index, tile) in page.tiles.enumerated() {
            let tilePath = "\(path).tiles[\(index)]"
            checkSource(tile.source, of: "tile '\(tile.key)' of \(what)", at: tilePath + ".source")
            let data = tile.source == .none ? pageData : visibleData(tile.source)
            guard let data else { continue }
            let root = TemplateValue.object(TemplateObject(data.sorted { $0.key < $1.key }))
            for (name, text) in [("path", tile.path), ("previousPath", tile.previousPath)] {
                guard let text, let keys = TilePath(text), keys.value(in: root) == nil else { continue }
                report(
                    tilePath,
                    "the \(name) '\(text)' of tile '\(tile.key)' of \(what) names nothing in its data, "
                        + "so the tile will show a problem",
                    severity: .warning)
            }
        }
    }

    /// The data of `source` when it is at hand now; nil for URL and provider
    /// data, and for a file that cannot be read (reported elsewhere).
    private func visibleData(_ source: PageSource) -> [String: TemplateValue]? {
        let bytes: [UInt8]
        switch source {
        case .inline(let json): bytes = Array(json.utf8)
        case .file(let file):
            guard let data = FileManager.default.contents(atPath: file) else { return nil }
            bytes = [UInt8](data)
        case .none: return [:]
        case .url, .provider: return nil
        }
        guard case .object(let object)? = try? TemplateValue(json: Data(bytes)) else { return nil }
        return Dictionary(object.keys.compactMap { key in object[key].map { (key, $0) } }) { first, _ in first
        }
    }
}
