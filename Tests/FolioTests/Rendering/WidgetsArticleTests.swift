import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// The configuration the "Widgets" reference shows loads, validates and
/// renders every tile with a value.
@Suite struct WidgetsArticleTests {
    @Test func theExampleLoadsValidatesAndEveryTileShowsAValue() throws {
        let path = FirstDashboardArticleTests.root + "/Sources/Folio/Folio.docc/Widgets.md"
        let article = try String(contentsOfFile: path, encoding: .utf8)
        let block = try #require(article.components(separatedBy: "```json\n").dropFirst().first)
        let text = try #require(block.components(separatedBy: "\n```").first)
        let folder = try TemporaryFolder()
        let configuration = try FolioConfiguration.parse(
            Array(text.utf8), file: "folio.json", directory: folder.path, templatesDirectory: folder.path)
        _ = try configuration.validate(templates: [folder.path, FolioPaths.builtInTemplatesDirectory])
        let pager = try #require(configuration.pagers.first)
        let page = try #require(pager.pages.first)
        #expect(page.tiles.map(\.widget.rawValue) == ["stat", "status", "meter", "table"])
        let store = PageContentStore(
            templates: try TemplateSet(searchPath: [FolioPaths.builtInTemplatesDirectory]),
            site: .null, clock: TestClock(), language: "en", report: { _ in })
        let html = FirstDashboardArticleTests.words(store.panel(page, of: pager, shownCount: 1).html)
        #expect(!html.contains("⚠"), "\(html)")
        #expect(html.contains("req/min") && html.contains("billing") && html.contains("Version"))
    }

    /// "In your own template": the second configuration and its template
    /// place each tile, with the page's own words between them.
    @Test func yourOwnTemplatePlacesTheTilesByKey() throws {
        let path = FirstDashboardArticleTests.root + "/Sources/Folio/Folio.docc/Widgets.md"
        let article = try String(contentsOfFile: path, encoding: .utf8)
        let section = try #require(article.components(separatedBy: "## In your own template").last)
        let json = try #require(
            section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "\n```")
                .first)
        let html = try #require(
            section.components(separatedBy: "```html\n").dropFirst().first?.components(separatedBy: "\n```")
                .first)
        let folder = try TemporaryFolder()
        try html.write(toFile: folder.path + "/api.html", atomically: true, encoding: .utf8)
        let searchPath = [folder.path, FolioPaths.builtInTemplatesDirectory]
        let configuration = try FolioConfiguration.parse(
            Array(json.utf8), file: "folio.json", directory: folder.path, templatesDirectory: folder.path)
        let problems = try configuration.validate(templates: searchPath)
        #expect(problems.isEmpty, "\(problems)")
        let pager = try #require(configuration.pagers.first)
        let page = try #require(pager.pages.first)
        #expect(page.template == "api.html" && page.tiles.map(\.key) == ["requests", "trend"])
        let store = PageContentStore(
            templates: try TemplateSet(searchPath: searchPath), site: .null, clock: TestClock(),
            language: "en",
            report: { _ in })
        let panel = store.panel(page, of: pager, shownCount: 1).html
        let words = FirstDashboardArticleTests.words(panel)
        #expect(!words.contains("⚠"), "\(words)")
        #expect(words.contains("Requests 1.4k req/min"), "\(words)")
        #expect(words.contains("Our own words between the tiles."))
        #expect(panel.contains("id=\"folio-tile-trend\"") && panel.contains("<svg"))
    }
}
