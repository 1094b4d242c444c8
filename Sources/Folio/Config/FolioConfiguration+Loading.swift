import FolioCore
import FolioTemplate
import Foundation

extension FolioConfiguration {
    /// Reads and checks a configuration file.
    ///
    /// Reads the JSON (unknown keys, wrong types, missing members), then
    /// checks the result with `validate(templates:)`, so the problems of
    /// both are reported at once, each with `file:line:col`.
    /// - Parameters:
    ///   - file: The configuration file's path.
    ///   - templatesDirectory: The user's templates folder, searched before
    ///     Folio's built-in one (`FolioPaths.templateSearchPath(_:)`); `nil`
    ///     skips the template checks.
    /// - Throws: `ConfigurationError` listing every problem, each with
    ///   `file:line:col`.
    public static func load(file: String, templatesDirectory: String?) throws(ConfigurationError)
        -> FolioConfiguration
    {
        try loadReportingWarnings(file: file, templatesDirectory: templatesDirectory).configuration
    }

    /// `load(file:templatesDirectory:)`, also returning the warnings its
    /// validation found, so `folio check` and `FolioApp.launch` need not
    /// validate again to get them.
    static func loadReportingWarnings(file: String, templatesDirectory: String?) throws(ConfigurationError)
        -> (configuration: FolioConfiguration, warnings: [ConfigurationProblem])
    {
        guard let data = FileManager.default.contents(atPath: file) else {
            let reason =
                FileManager.default.fileExists(atPath: file) ? "cannot read the file" : "no such file"
            throw ConfigurationError(problems: [
                ConfigurationProblem(file: file, location: nil, message: reason + resolution(of: file))
            ])
        }
        let directory = (file as NSString).deletingLastPathComponent
        return try parseReportingWarnings(
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
    /// - Throws: `ConfigurationError` listing every problem, sorted by line
    ///   and column.
    public static func parse(
        _ bytes: [UInt8], file: String, directory: String, templatesDirectory: String?
    ) throws(ConfigurationError) -> FolioConfiguration {
        try parseReportingWarnings(
            bytes, file: file, directory: directory, templatesDirectory: templatesDirectory
        ).configuration
    }

    /// `parse(_:file:directory:templatesDirectory:)` with the warnings.
    static func parseReportingWarnings(
        _ bytes: [UInt8], file: String, directory: String, templatesDirectory: String?
    ) throws(ConfigurationError) -> (configuration: FolioConfiguration, warnings: [ConfigurationProblem]) {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, allowsComments: true)
        } catch {
            throw ConfigurationError(problems: [
                ConfigurationProblem(file: file, location: error.location, message: error.message)
            ])
        }
        var loader = ConfigurationLoader(reader: ConfigurationReader(file: file), directory: directory)
        let read = loader.configuration(root, file: file)
        var problems = loader.reader.problems
        if let read {
            problems += read.problems(
                searchPath: templatesDirectory.map { FolioPaths.templateSearchPath([$0]) },
                alreadyReported: loader.alreadyReported)
        }
        if let read, !problems.contains(where: { $0.severity == .error }) {
            return (read, ConfigurationProblem.sorted(problems))
        }
        throw ConfigurationError(problems: ConfigurationProblem.sorted(problems))
    }
}

/// Turns the located JSON tree into a `FolioConfiguration`, reporting what
/// only JSON can get wrong (unknown keys, wrong types, missing members) to
/// its reader and noting where each value was, for `validate(templates:)`,
/// which judges the values.
struct ConfigurationLoader {
    var reader: ConfigurationReader
    let directory: String
    /// Where each value was, by path (`pagers[0].pages[1].key`).
    var locations: [String: SourceLocation] = [:]
    /// Paths whose value the reader already reported and replaced.
    var alreadyReported: Set<String> = []

    init(reader: ConfigurationReader, directory: String) {
        self.reader = reader
        self.directory = directory
    }

    mutating func configuration(_ root: JSONNode, file: String) -> FolioConfiguration? {
        guard
            let fields = reader.object(
                root,
                allowed: [
                    "title", "lang", "dir", "timeZone", "formats", "levels", "access", "stylesheets",
                    "pagers", "playlists",
                ],
                what: "the configuration")
        else { return nil }
        let title = reader.string(fields, "title", in: "the configuration", required: false) ?? "Folio"
        note("title", fields["title"]?.value.location)
        guard let pagersMember = fields["pagers"] else {
            reader.reportMissing("pagers", in: "the configuration", fields)
            return nil
        }
        note("pagers", pagersMember.value.location)
        guard case .array(let nodes) = pagersMember.value.value else {
            reader.report(pagersMember.value.location, "'pagers' must be a non-empty array")
            return nil
        }
        var pagers: [PagerConfiguration] = []
        for node in nodes {
            if let pager = self.pager(node, at: "pagers[\(pagers.count)]") { pagers.append(pager) }
        }
        if pagers.count < nodes.count { alreadyReported.insert("pagers") }
        var configuration = FolioConfiguration(title: title, pagers: pagers, file: file)
        if let lang = language(fields, in: "the configuration", at: "lang") { configuration.lang = lang }
        if let dir = direction(fields, in: "the configuration", at: "dir") { configuration.dir = dir }
        if let member = fields["access"] { configuration.access = accessRule(member.value, at: "access") }
        if let member = fields["stylesheets"] { configuration.stylesheets = stylesheets(member.value) }
        readFormatting(fields, into: &configuration)
        if let member = fields["playlists"] { configuration.playlists = playlists(member.value) }
        configuration.sourceLocations = locations
        return configuration
    }

    /// Notes where the value at `path` is.
    mutating func note(_ path: String, _ location: SourceLocation?) {
        if let location { locations[path] = location }
    }

    /// A required string member, or `""` after reporting (the path is then
    /// not judged again).
    mutating func requiredString(
        _ fields: [String: JSONMember], _ key: String, in what: String, at path: String
    )
        -> String
    {
        note(path, fields[key]?.value.location)
        if let text = reader.string(fields, key, in: what, required: true) { return text }
        alreadyReported.insert(path)
        return ""
    }
}
