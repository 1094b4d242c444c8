import FolioCore
import Foundation

extension ConfigurationValidator {
    /// `timeZone` is an IANA name this server knows; each named format and
    /// level is a name (letters, digits, `-`, `_`) other than a built-in
    /// format's, and a spec that parses. A bad spec is reported at the
    /// character it goes wrong (for a spec without escapes in its JSON).
    mutating func checkFormatting() {
        let zone = configuration.timeZone
        if TimeZone(identifier: zone) == nil {
            report(
                "timeZone", "unknown time zone '\(zone)': write an IANA name such as 'Europe/Berlin' or 'UTC'"
            )
        }
        for (name, spec) in configuration.formats.sorted(by: { $0.key < $1.key }) {
            checkSpecName(name, in: "formats")
            do {
                _ = try ValueFormat(spec: spec)
            } catch {
                report(
                    "formats.\(name)", "format '\(name)': \(error.message) in '\(spec)'",
                    atCharacter: error.offset)
            }
        }
        for (name, spec) in configuration.levels.sorted(by: { $0.key < $1.key }) {
            checkSpecName(name, in: "levels")
            do {
                _ = try LevelRule(spec: spec)
            } catch {
                report(
                    "levels.\(name)", "level '\(name)': \(error.message) in '\(spec)'",
                    atCharacter: error.offset)
            }
        }
    }

    private mutating func checkSpecName(_ name: String, in table: String) {
        let isNameCharacter = { (c: Character) in
            c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_")
        }
        if name.isEmpty || !name.allSatisfy(isNameCharacter) {
            report("\(table).\(name)", "'\(name)' in '\(table)' must be letters, digits, '-' or '_'")
        } else if ValueFormat.names.contains(name) {
            report("\(table).\(name)", "'\(name)' in '\(table)' is a built-in format's name: choose another")
        }
    }

    /// Records a problem inside the string at `path`, `character` characters
    /// after its opening quote.
    mutating func report(_ path: String, _ message: String, atCharacter character: Int) {
        guard let start = configuration.sourceLocations[path] else {
            report(path, message)
            return
        }
        let inside = SourceLocation(line: start.line, column: start.column + 1 + character)
        problems.append(
            ConfigurationProblem(file: configuration.file, location: inside, path: path, message: message))
    }
}
