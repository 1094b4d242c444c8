import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Every file the DocC article "Your first dashboard" shows is what Folio
/// takes: each `folio.json` in turn loads and passes validation with the
/// files shown before it, and the pages render what the article says.
@Suite struct FirstDashboardArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let articlePath = root + "/Sources/Folio/Folio.docc/YourFirstDashboard.md"
    let article: String
    let folder: TemporaryFolder

    init() throws {
        article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        folder = try TemporaryFolder()
    }

    /// The fenced `json` and `html` blocks in order, each with the file name
    /// last quoted in backticks on the lines before it (`nil` for none).
    var files: [(name: String?, text: String)] {
        var found: [(String?, String)] = []
        var current: [Substring]?
        var lastName: String?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if current != nil {
                if line == "```" {
                    found.append((lastName, current!.joined(separator: "\n")))
                    current = nil
                } else {
                    current!.append(line)
                }
            } else if line == "```json" || line == "```html" {
                current = []
            } else if let name = line.matches(of: /`([\w\/.-]+\.(?:json|html))`/).last?.output.1 {
                lastName = String(name)
            }
        }
        return found
    }

    /// Writes the article's files one by one, loading and validating each
    /// `folio.json` as it comes; returns the last configuration.
    func writeAndCheckEveryFile() throws -> FolioConfiguration {
        var last: FolioConfiguration?
        for (name, text) in files {
            let name = try #require(name, "a block with no file name before it:\n\(text)")
            try folder.write(name, text)
            guard name == "folio.json" else { continue }
            let configuration = try FolioConfiguration.parse(
                Array(text.utf8), file: "folio.json", directory: folder.path,
                templatesDirectory: folder.path)
            _ = try configuration.validate(templates: [folder.path, FolioPaths.builtInTemplatesDirectory])
            last = configuration
        }
        return try #require(last)
    }

    func panel(_ pageKey: String, of configuration: FolioConfiguration) throws -> String {
        let pager = try #require(configuration.pagers.first)
        let page = try #require(pager.pages.first { $0.key == pageKey })
        let store = PageContentStore(
            templates: try TemplateSet(
                searchPath: [folder.path, FolioPaths.builtInTemplatesDirectory],
                formatting: configuration.formatting),
            site: .null, clock: TestClock(), language: "en", report: { _ in })
        return store.panel(page, of: pager, shownCount: 1).html
    }

    static func words(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func everyFileIsNamedAndEveryConfigurationLoadsAndValidates() throws {
        let names = files.map(\.name)
        #expect(names.filter { $0 == "folio.json" }.count == 3)
        #expect(
            Set(names.compactMap { $0 }) == [
                "status.json", "folio.json", "queue.json", "content/summary.html",
            ])
        _ = try writeAndCheckEveryFile()
    }

    @Test func theTilesSayWhatTheArticleQuotes() throws {
        let configuration = try writeAndCheckEveryFile()
        let now = Self.words(try panel("now", of: configuration))
        #expect(article.contains("`1441 req/min ▲ up 231 from 1210`"))
        #expect(now.contains("Requests 1441 req/min ▲ up 231 from 1210 ! Warning"))
        #expect(now.contains("Disk free 23.5 % / 100 ! Warning"))
        #expect(now.contains("search ! degraded since"))
        #expect(now.contains("Queue 7 / 50 ✓ OK"))
        #expect(!now.contains("⚠"))
    }

    @Test func theSummaryTemplateFormatsAsTheArticleSays() throws {
        let configuration = try writeAndCheckEveryFile()
        let summary = try panel("summary", of: configuration)
        #expect(article.contains("read `1.4k` and its Errors `1.77%`"))
        #expect(summary.contains("<dd>1.4k</dd>"))
        #expect(summary.contains("<dd>1.77%</dd>"))
        #expect(summary.contains(#"data-level="warning""#))
        #expect(summary.contains(#"datetime="2026-12-02T01:20:00Z""#))
    }

    @Test func theSimulatedPageRendersEveryTile() throws {
        let configuration = try writeAndCheckEveryFile()
        let simulated = Self.words(try panel("simulated", of: configuration))
        #expect(simulated.contains("req/min"))
        #expect(simulated.contains("api") && simulated.contains("billing"))
        #expect(!simulated.contains("⚠"), "\(simulated)")
    }
}
