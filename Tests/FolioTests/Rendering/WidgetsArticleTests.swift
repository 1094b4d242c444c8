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
}
