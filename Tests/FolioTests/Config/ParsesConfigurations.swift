import Folio

/// A suite that parses configuration text against folders of its own and
/// reads the problems `folio check` would print.
protocol ParsesConfigurations {
    /// Where data files named by the configuration are looked up.
    var configurationFolder: String { get }
    /// Where its templates are looked up.
    var templatesFolder: String { get }
    /// The whole configuration for `text` (a suite may wrap a fragment).
    func configurationText(_ text: String) -> String
}

extension ParsesConfigurations {
    func configurationText(_ text: String) -> String { text }

    func parse(_ text: String) throws(ConfigurationError) -> FolioConfiguration {
        try FolioConfiguration.parse(
            Array(configurationText(text).utf8), file: "dash.json", directory: configurationFolder,
            templatesDirectory: templatesFolder)
    }

    /// The problems `text` has, as `file:line:col: message`; none when it loads.
    func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }
}
