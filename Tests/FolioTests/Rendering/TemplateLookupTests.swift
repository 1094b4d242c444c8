import FolioHTTP
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Templates are looked up in the user's folder first, then in Folio's own.
@Suite struct TemplateLookupTests {
    let user: TemporaryFolder

    init() throws {
        user = try TemporaryFolder()
        try user.write("content/mine.html", "<p class=\"mine\" tal:content=\"heading\">x</p>")
    }

    func app(_ pages: [PageConfiguration]) throws -> FolioApp {
        let configuration = FolioConfiguration(
            title: "Mine", pagers: [PagerConfiguration(key: "ops", title: "Ops", pages: pages)])
        let options = FolioAppOptions(
            templatesDirectory: user.path, publicDirectory: FolioPaths.defaultPublicDirectory)
        let sessions = SessionManager(
            store: MemorySessionStore(), clock: TestClock(), random: CountingRandom())
        return try FolioApp(configuration: configuration, options: options, sessions: sessions)
    }

    func html(_ app: FolioApp, _ path: String) -> (HTTPStatus, String) {
        let response = app.handle(HTTPRequest(method: .get, target: path, headers: ["Accept": "text/html"]))
        return (response.status, String(decoding: response.body.collectedBytes() ?? [], as: UTF8.self))
    }

    @Test func aUserFolderWithOneTemplateRendersWithFoliosChrome() throws {
        let app = try app([
            PageConfiguration(
                key: "board", title: "Board", template: "content/mine.html",
                source: .inline(json: #"{"heading": "Mine"}"#)),
            PageConfiguration(
                key: "colour", title: "Colour", template: "content/color.html",
                source: .inline(json: #"{"color": "red", "heading": "Red", "order": "1", "note": "n"}"#)),
        ])
        let (status, page) = html(app, "/ops/board")
        #expect(status == .ok)
        #expect(page.contains(#"<p class="mine">Mine</p>"#))
        // Folio's page.html and pager.html:
        #expect(page.contains(#"<section class="folio-pager" id="folio-ops""#))
        #expect(html(app, "/ops/colour").1.contains("Red"))  // Folio's content/color.html
    }

    @Test func aUserTemplateReplacesFoliosOwnOfTheSameName() throws {
        try user.write("error.html", "<p class=\"my-error\" tal:content=\"error/message\">e</p>")
        let app = try app([PageConfiguration(key: "board", title: "Board", template: "content/mine.html")])
        let (status, page) = html(app, "/ops/nope")
        #expect(status == .notFound)
        #expect(page.contains(#"<p class="my-error">"#))
    }

    @Test func aChromeTemplateUsingAMissingMacroFileIsRefusedAtStart() throws {
        try user.write("page.html", "<html metal:use-macro=\"macros/nope/macros/page\"></html>")
        #expect {
            _ = try app([PageConfiguration(key: "board", title: "Board", template: "content/mine.html")])
        } throws: { error in
            "\(error)".contains("cannot load nope.html") && "\(error)".contains("\(user.path)/nope.html")
        }
    }

    @Test func aMissingTemplateNamesEveryPathSearched() throws {
        let other = try TemporaryFolder()
        let set = try TemplateSet(searchPath: [user.path, other.path], preload: false)
        #expect(set.path(of: "content/mine.html") == user.path + "/content/mine.html")
        #expect(throws: TemplateError.self) { try set.template(named: "page.html") }
        do {
            _ = try set.template(named: "page.html")
        } catch {
            #expect(error.message == "not found; searched \(user.path)/page.html, \(other.path)/page.html")
        }
    }

    @Test func foliosOwnTemplatesAreFoundWhereverTheProgramRuns() {
        let builtIn = FolioPaths.builtInTemplatesDirectory
        #expect(builtIn.hasPrefix("/"))
        for name in FolioCheck.requiredTemplates + ["layout.html", "pager.html"] {
            #expect(FileManager.default.isReadableFile(atPath: builtIn + "/" + name), "\(name)")
        }
        #expect(FolioPaths.templateSearchPath([user.path]) == [user.path, builtIn])
        #expect(FolioPaths.templateSearchPath([builtIn + "/content/.."]) == [builtIn + "/content/.."])
        // A user folder without the demo still finds Folio's.
        #expect(FolioPaths.demoConfiguration(templatesDirectory: user.path) == builtIn + "/demo/folio.json")
    }
}
