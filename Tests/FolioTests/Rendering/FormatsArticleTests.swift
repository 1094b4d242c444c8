import FolioCore
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Every example of the DocC article "Formats and levels" is what Folio
/// does: the configuration loads, the template renders the HTML shown, each
/// table row is what its spec gives, and the check message is the one quoted.
@Suite struct FormatsArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let articlePath = root + "/Sources/Folio/Folio.docc/FormatsAndLevels.md"
    let article: String
    let folder: TemporaryFolder

    init() throws {
        article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        folder = try TemporaryFolder()
    }

    /// The fenced blocks of one language, in order.
    func blocks(_ language: String) -> [String] {
        var found: [String] = []
        var current: [Substring]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if current != nil {
                if line == "```" {
                    found.append(current!.joined(separator: "\n"))
                    current = nil
                } else {
                    current!.append(line)
                }
            } else if line == "```" + language {
                current = []
            }
        }
        return found
    }

    /// The rows (cells without backticks) of the table under `heading`.
    func rows(under heading: String) -> [[String]] {
        let section = article.components(separatedBy: heading + "\n").dropFirst().first ?? ""
        let lines = section.split(separator: "\n").prefix { !$0.hasPrefix("#") }
        return lines.filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").map { cell in
                String(cell.trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
            }
        }
    }

    /// A table's value cell as a format's input: a JSON scalar, or `NaN`.
    static func input(_ literal: String) throws -> FormatInput {
        if literal == "NaN" { return .number(.nan) }
        guard case .array(let items) = try TemplateValue(json: Data("[\(literal)]".utf8)) else {
            return .missing
        }
        return FormatInput(items.first)
    }

    func configuration(_ text: String) throws(ConfigurationError) -> FolioConfiguration {
        try FolioConfiguration.parse(
            Array(text.utf8), file: "folio.json", directory: folder.path, templatesDirectory: nil)
    }

    @Test func theArticleHasItsExamples() {
        #expect(blocks("json").count == 2 && blocks("html").count == 2)
        #expect(rows(under: "### Formats").count >= 12 && rows(under: "### Levels").count >= 8)
    }

    @Test func theTemplateRendersTheHTMLShownSevenMinutesAfterTheDeploy() throws {
        let json = blocks("json")
        let html = blocks("html")
        try #require(json.count == 2 && html.count == 2)
        try folder.write("api.json", json[1])
        try folder.write("content/api.html", html[0])
        let configuration = try configuration(json[0])
        let templates = try TemplateSet(directory: folder.path, formatting: configuration.formatting)
        guard case .object(let data) = try TemplateValue(json: Data(json[1].utf8)) else {
            Issue.record("the data block is no object")
            return
        }
        let globals = Dictionary(
            uniqueKeysWithValues: data.keys.compactMap { key in data[key].map { (key, $0) } })
        let deployed = 1_796_161_591.0
        let rendered = try templates.render(
            "content/api.html", globals,
            formatEnvironment: TemplateFormatEnvironment(language: configuration.lang, now: deployed + 7 * 60)
        )
        #expect(rendered == html[1])
    }

    @Test func theQuotedCheckMessageIsWhatFolioSays() throws {
        let misspelt = blocks("json")[0].replacingOccurrences(
            of: #""requests": "compact""#, with: #""requests": "compakt""#)
        #expect(throws: ConfigurationError.self) { try configuration(misspelt) }
        do {
            _ = try configuration(misspelt)
        } catch {
            let message = try #require(error.problems.first?.description)
            let quoted = "`folio.json:5:28: format 'requests': unknown format 'compakt'`"
            #expect(message.hasPrefix(quoted.dropFirst().dropLast()))
            #expect(article.contains(quoted))
        }
    }

    @Test func everyFormatRowIsWhatItsSpecGives() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        for row in rows(under: "### Formats") {
            try #require(row.count == 4, "\(row)")
            let format = try ValueFormat(spec: row[0])
            let input = try Self.input(row[1])
            let english = format.format(input, in: FormatContext(language: .english, timeZone: berlin))
            let chinese = format.format(
                input, in: FormatContext(language: .simplifiedChinese, timeZone: berlin))
            #expect(english == row[2], "\(row[0]) of \(row[1])")
            #expect(chinese == row[3], "\(row[0]) of \(row[1])")
        }
    }

    @Test func everyLevelRowIsWhatItsSpecGives() throws {
        for row in rows(under: "### Levels") {
            try #require(row.count == 3, "\(row)")
            let level = try LevelRule(spec: row[0]).level(of: try Self.input(row[1]))
            #expect(level.rawValue == row[2], "\(row[0]) of \(row[1])")
        }
    }
}
