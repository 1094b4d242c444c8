import FolioCore

extension ConfigurationValidator {
    /// Each tile's `format`, its columns' `format` and a `levels` string is
    /// a named format or level of the configuration or a spec that parses;
    /// a bad spec is reported at the character it goes wrong.
    mutating func checkTileFormats() {
        for (pagerIndex, pager) in configuration.pagers.enumerated() {
            for (pageIndex, page) in pager.pages.enumerated() {
                for (tileIndex, tile) in page.tiles.enumerated() {
                    let path = "pagers[\(pagerIndex)].pages[\(pageIndex)].tiles[\(tileIndex)]"
                    checkFormat(tile.format, at: path + ".format", of: "tile '\(tile.key)'")
                    for (columnIndex, column) in tile.columns.enumerated() {
                        checkFormat(
                            column.format, at: "\(path).columns[\(columnIndex)].format",
                            of: "column '\(column.key)' of tile '\(tile.key)'")
                    }
                    if let spec = tile.levelSpec, configuration.levels[spec] == nil {
                        do {
                            _ = try LevelRule(spec: spec)
                        } catch {
                            report(
                                path + ".levels",
                                "the levels of tile '\(tile.key)': \(error.message) in '\(spec)'"
                                    + names(configuration.levels), atCharacter: error.offset)
                        }
                    }
                }
            }
        }
    }

    private mutating func checkFormat(_ spec: String?, at path: String, of what: String) {
        guard let spec, configuration.formats[spec] == nil else { return }
        do {
            _ = try ValueFormat(spec: spec)
        } catch {
            report(
                path, "the format of \(what): \(error.message) in '\(spec)'" + names(configuration.formats),
                atCharacter: error.offset)
        }
    }

    private func names(_ named: [String: String]) -> String {
        named.isEmpty ? "" : " (the configuration names: \(named.keys.sorted().joined(separator: ", ")))"
    }
}
