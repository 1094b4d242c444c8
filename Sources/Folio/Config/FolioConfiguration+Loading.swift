import FolioCore
import FolioTemplate
import Foundation

extension FolioConfiguration {
    /// Reads and checks a configuration file.
    ///
    /// Checks every key, type, range, colour and layout; that keys are URL
    /// slugs and unique; that every page's template exists under
    /// `templatesDirectory` (when given) and that every `dataFile` is
    /// readable JSON.
    /// - Parameters:
    ///   - file: The configuration file's path.
    ///   - templatesDirectory: The templates folder pages name templates in;
    ///     `nil` skips the template existence check.
    /// - Throws: `ConfigurationError` listing every problem, each with
    ///   `file:line:col`.
    public static func load(file: String, templatesDirectory: String?) throws(ConfigurationError)
        -> FolioConfiguration
    {
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason =
                FileManager.default.fileExists(atPath: file) ? "cannot read the file" : "no such file"
            throw ConfigurationError(problems: [
                ConfigurationProblem(file: file, location: nil, message: reason + resolution(of: file))
            ])
        }
        let directory = (file as NSString).deletingLastPathComponent
        return try parse(
            [UInt8](data), file: file, directory: directory.isEmpty ? "." : directory,
            templatesDirectory: templatesDirectory)
    }

    /// For a relative path, which absolute path was looked for and what it
    /// was relative to: a test's working folder is rarely the one expected.
    private static func resolution(of file: String) -> String {
        guard !file.hasPrefix("/") else { return "" }
        let workingFolder = FileManager.default.currentDirectoryPath
        let absolute = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: workingFolder + "/"))
            .standardizedFileURL.path
        return " (looked for \(absolute): a relative path is taken from the working folder \(workingFolder))"
    }

    /// Parses configuration text; `load(file:templatesDirectory:)` without
    /// the file reading, for tests.
    /// - Parameter directory: The folder `dataFile` paths are relative to.
    /// - Throws: `ConfigurationError` listing every problem.
    public static func parse(
        _ bytes: [UInt8], file: String, directory: String, templatesDirectory: String?
    ) throws(ConfigurationError) -> FolioConfiguration {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, allowsComments: true)
        } catch {
            throw ConfigurationError(problems: [
                ConfigurationProblem(file: file, location: error.location, message: error.message)
            ])
        }
        var loader = ConfigurationLoader(
            reader: ConfigurationReader(file: file), directory: directory,
            templatesDirectory: templatesDirectory)
        let configuration = loader.configuration(root, file: file)
        if let configuration, loader.reader.problems.isEmpty { return configuration }
        throw ConfigurationError(problems: loader.reader.problems)
    }
}

/// Turns the located JSON tree into a `FolioConfiguration`, reporting all
/// problems to its reader.
struct ConfigurationLoader {
    var reader: ConfigurationReader
    let directory: String
    let templatesDirectory: String?

    /// Keys that would collide with Folio's own routes.
    static let reservedPagerKeys: Set<String> = ["public", "healthz"]
    static let reservedPageKeys: Set<String> = ["select", "scroll", "state", "fragment"]
    /// What a key may be made of: it becomes part of URLs.
    static let keyCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    mutating func configuration(_ root: JSONNode, file: String) -> FolioConfiguration? {
        guard let fields = reader.object(root, allowed: ["title", "pagers"], what: "the configuration")
        else { return nil }
        let title = reader.string(fields, "title", in: "the configuration", required: false) ?? "Folio"
        guard let pagersMember = fields["pagers"] else {
            reader.reportMissing("pagers", in: "the configuration", fields)
            return nil
        }
        guard case .array(let nodes) = pagersMember.value.value, !nodes.isEmpty else {
            reader.report(pagersMember.value.location, "'pagers' must be a non-empty array")
            return nil
        }
        var pagers: [PagerConfiguration] = []
        var seen: [String: SourceLocation] = [:]
        for node in nodes {
            var isDuplicate = false
            if let (declared, location) = Self.declaredKey(node) {
                if let first = seen[declared] {
                    reader.report(location, "duplicate pager key '\(declared)' (first at \(first))")
                    isDuplicate = true
                } else {
                    seen[declared] = location
                }
            }
            if let (pager, _) = self.pager(node), !isDuplicate { pagers.append(pager) }
        }
        return FolioConfiguration(title: title, pagers: pagers, file: file)
    }

    /// Checks a pager or page key: a URL slug that no route uses.
    mutating func checkKey(_ key: String, at location: SourceLocation?, reserved: Set<String>) -> Bool {
        guard !key.isEmpty, key.count <= 64, key.allSatisfy({ Self.keyCharacters.contains($0) }) else {
            reader.report(location, "key '\(key)' must be 1 to 64 letters, digits, '-' or '_'")
            return false
        }
        guard !reserved.contains(key) else {
            reader.report(location, "key '\(key)' is reserved for Folio's own routes")
            return false
        }
        return true
    }
}
