import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// "Changing a running dashboard, and wall screens": its configuration
/// loads and validates, and serves the rotation and the playlist it
/// describes, keeping nothing.
@Suite struct ChangesArticleTests {
    static let path = FirstDashboardArticleTests.root + "/Sources/Folio/Folio.docc/ChangesAndWallScreens.md"

    @Test func theWallScreenConfigurationRotatesAndPlaysAsTheArticleSays() throws {
        let article = try String(contentsOfFile: Self.path, encoding: .utf8)
        let block = try #require(article.components(separatedBy: "```json\n").dropFirst().first)
        let text = try #require(block.components(separatedBy: "\n```").first)
        let folder = try TemporaryFolder()
        let configuration = try FolioConfiguration.parse(
            Array(text.utf8), file: "folio.json", directory: folder.path, templatesDirectory: folder.path)
        let problems = try configuration.validate(templates: [
            folder.path, FolioPaths.builtInTemplatesDirectory,
        ])
        #expect(problems.isEmpty, "\(problems)")
        #expect(configuration.pagers.first?.rotate == 15)
        #expect(configuration.playlists.first?.entries.map(\.seconds) == [60, 20])
        let options = FolioAppOptions(
            templatesDirectory: folder.path, publicDirectory: FolioPaths.defaultPublicDirectory)
        let store = MemorySessionStore()
        let app = try FolioApp(
            configuration: configuration, options: options, sessions: SessionManager(store: store))
        let pager = app.handle(HTTPRequest(method: .get, target: "/ops"))
        let html = String(decoding: pager.body.collectedBytes() ?? [], as: UTF8.self)
        #expect(html.contains(#"<meta name="folio-rotate" content="15""#), "every 15 seconds")
        let wall = app.handle(HTTPRequest(method: .get, target: "/playlist/wall?kiosk"))
        let wallHTML = String(decoding: wall.body.collectedBytes() ?? [], as: UTF8.self)
        #expect(wall.status == .ok)
        #expect(wallHTML.contains(#"<meta name="folio-kiosk""#))
        #expect(wallHTML.contains("http-equiv=\"refresh\""))
        // A rotation is a view: no cookie, nothing stored.
        #expect(
            !(pager.headers.values(for: "Set-Cookie") + wall.headers.values(for: "Set-Cookie")).contains {
                $0.hasPrefix(FolioApp.cookieName)
            })
        #expect(try store.count() == 0)
    }

    @Test func theReloadLogLineIsTheOneTheArticleShows() throws {
        let article = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(article.contains(ReloadWatcher.reloadedLine(generation: 2, milliseconds: 14)))
    }
}
