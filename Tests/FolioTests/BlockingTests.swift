import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// Which requests `FolioApp.mayBlock` sends to the server's worker threads:
/// those that write to a durable store or load file or URL data, and no others,
/// so the hot reads stay on the event loop.
@Suite struct BlockingTests {
    /// The templates and the `p` pager (pages a, b inline; c from a missing file) of `AppTests`.
    let fixture: AppTests

    init() throws { fixture = try AppTests() }

    func durableStore() throws -> SQLiteSessionStore {
        try SQLiteSessionStore(path: fixture.folder.path + "/sessions-\(UUID().uuidString).db")
    }

    func request(_ path: String, method: HTTPMethod = .get, cookie: String? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = [:]
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        return HTTPRequest(method: method, target: path, headers: headers)
    }

    /// A session that has viewed `/p` (page a shown), and its cookie.
    func visited(_ app: FolioApp) throws -> String {
        try #require(fixture.cookie(of: fixture.get(app, "/p")))
    }

    @Test func staticFilesHealthIndexStylesheetAndRefusalsNeverBlock() throws {
        let app = try fixture.makeApp(store: try durableStore())
        for path in [
            "/", "/healthz", "/public/a.txt", "/p/pager.css", "/nothing/here/at/all", "/q", "/p/zzz",
        ] {
            #expect(!app.mayBlock(request(path)), "\(path)")
        }
        #expect(!app.mayBlock(request("/p", method: .post)), "405")
        #expect(!app.mayBlock(request("/p/select", method: .get)), "405")
    }

    @Test func aFirstVisitBlocksWithADurableStoreOnly() throws {
        let durable = try fixture.makeApp(store: try durableStore())
        #expect(durable.mayBlock(request("/p")))
        #expect(durable.mayBlock(request("/p/b")))
        #expect(durable.mayBlock(request("/p/fragment", cookie: String(repeating: "0", count: 32))))
        let memory = try fixture.makeApp()
        #expect(!memory.mayBlock(request("/p")))
        #expect(!memory.mayBlock(request("/p/b")))
    }

    @Test func viewingThePageAlreadyShownStaysOnTheLoop() throws {
        let app = try fixture.makeApp(store: try durableStore())
        let id = try visited(app)
        #expect(!app.mayBlock(request("/p", cookie: id)))
        #expect(!app.mayBlock(request("/p/fragment", cookie: id)))
        #expect(!app.mayBlock(request("/p/a", cookie: id)))
        #expect(!app.mayBlock(request("/p/state", cookie: id)))
        #expect(!app.mayBlock(request("/p/a", method: .head, cookie: id)))
    }

    @Test func changingTheSelectionByURLBlocksWithADurableStore() throws {
        let app = try fixture.makeApp(store: try durableStore())
        let id = try visited(app)
        #expect(app.mayBlock(request("/p/b", cookie: id)))
        _ = fixture.get(app, "/p/b", cookie: id)
        #expect(!app.mayBlock(request("/p/b", cookie: id)))
        #expect(!app.mayBlock(request("/p", cookie: id)))
    }

    @Test func aDueTouchBlocksUntilItIsWritten() throws {
        let app = try fixture.makeApp(store: try durableStore())
        let id = try visited(app)
        fixture.clock.advance(by: app.sessions.configuration.touchInterval + 1)
        #expect(app.mayBlock(request("/p", cookie: id)))
        #expect(app.mayBlock(request("/p/state", cookie: id)))
        _ = fixture.get(app, "/p", cookie: id)
        #expect(!app.mayBlock(request("/p", cookie: id)))
        #expect(!app.mayBlock(request("/p/state", cookie: id)))
    }

    @Test func postsBlockWithADurableStoreOnly() throws {
        let durable = try fixture.makeApp(store: try durableStore())
        let id = try visited(durable)
        #expect(durable.mayBlock(request("/p/select", method: .post, cookie: id)))
        #expect(durable.mayBlock(request("/p/scroll", method: .post, cookie: id)))
        let memory = try fixture.makeApp()
        let memoryID = try visited(memory)
        // Page c's file is read once (and fails for good): then nothing is left to load.
        _ = fixture.get(memory, "/p/c", cookie: memoryID)
        #expect(!memory.mayBlock(request("/p/select", method: .post, cookie: memoryID)))
    }

    @Test func pageDataToLoadBlocksEvenInMemory() throws {
        let app = try fixture.makeApp()
        let id = try visited(app)
        // Page c's data comes from a file, read when c is first shown.
        #expect(app.mayBlock(request("/p/c", cookie: id)))
        #expect(app.mayBlock(request("/p/select", method: .post, cookie: id)))
        _ = fixture.get(app, "/p/c", cookie: id)
        #expect(!app.mayBlock(request("/p/c", cookie: id)))
        #expect(!app.mayBlock(request("/p", cookie: id)))
    }

    @Test func urlDataBlocksWhenNotLoadedAndAgainWhenExpired() throws {
        // Nothing listens on port 1: the fetch fails at once, and a failure is retried after 5 s.
        let url = try #require(URL(string: "http://127.0.0.1:1/feed.json"))
        let app = try fixture.makeApp(
            extraPage: PageConfiguration(
                key: "u", title: "U", template: "content/c.html",
                source: .url(url, cacheSeconds: 60, timeoutSeconds: 1)))
        let id = try visited(app)
        #expect(!app.mayBlock(request("/p", cookie: id)), "u is not shown, so not loaded")
        #expect(app.mayBlock(request("/p/u", cookie: id)))
        _ = fixture.get(app, "/p/u", cookie: id)
        #expect(!app.mayBlock(request("/p/u", cookie: id)))
        #expect(!app.mayBlock(request("/p", cookie: id)))
        fixture.clock.advance(by: 6)
        #expect(app.mayBlock(request("/p", cookie: id)), "u is loaded in this session and expired")
        #expect(app.mayBlock(request("/p/fragment", cookie: id)))
    }
}
