import FolioHTTP
import FolioSync
import Foundation
import Testing

@testable import Folio

/// Which requests `FolioApp.disposition(for:)` sends to the server's worker threads:
/// those that write to a durable store or load file or URL data, and no others,
/// so the hot reads stay on the event loop.
@Suite struct BlockingTests {
    /// The templates and the `p` pager (pages a, b inline; c from a missing file) of `AppTests`.
    let fixture: AppTests

    init() throws { fixture = try AppTests() }

    /// Whether `app` sends `request` to a worker thread. Deciding `.answer`
    /// has already answered the request (and done what answering it does);
    /// a `.deferred` one is started as the loop starts it, and blocks when it
    /// hands its work on to a worker (`respond(running:)`), run here.
    func blocks(_ app: FolioApp, _ request: HTTPRequest) -> Bool {
        switch app.disposition(for: request) {
        case .answer: return false
        case .blocking: return true
        case .deferred(let start):
            let offloaded = LockedValue(false)
            start(
                HTTPResponder(
                    { _ in },
                    offload: { work in
                        offloaded.withLock { $0 = true }
                        _ = work()
                    }))
            return offloaded.withLock { $0 }
        }
    }

    func request(_ path: String, method: HTTPMethod = .get, cookie: String? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = [:]
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        return HTTPRequest(method: method, target: path, headers: headers)
    }

    /// A session made by a first click on `/p` (page a shown and selected), and its cookie.
    func visited(_ app: FolioApp) throws -> String {
        try fixture.session(app).id
    }

    @Test func staticFilesHealthIndexStylesheetAndRefusalsNeverBlock() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        for path in [
            "/", "/healthz", "/public/a.txt", "/p/pager.css", "/nothing/here/at/all", "/q", "/p/zzz",
        ] {
            #expect(!blocks(app, request(path)), "\(path)")
        }
        #expect(!blocks(app, request("/p", method: .post)), "405")
        #expect(!blocks(app, request("/p/select", method: .get)), "405")
    }

    @Test func aFirstVisitStaysOnTheLoopAndAnUnknownSessionBlocksWithADurableStoreOnly() throws {
        let durable = try fixture.makeApp(store: try fixture.durableStore())
        // A view without a session writes nothing: with its data at hand it never blocks.
        #expect(!blocks(durable, request("/p")))
        #expect(!blocks(durable, request("/p/b")))
        // A session not in memory must be read from the disk first.
        #expect(blocks(durable, request("/p/fragment", cookie: String(repeating: "0", count: 32))))
        let memory = try fixture.makeApp()
        #expect(!blocks(memory, request("/p")))
        #expect(!blocks(memory, request("/p/b")))
    }

    @Test func viewingThePageAlreadyShownStaysOnTheLoop() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        let id = try visited(app)
        #expect(!blocks(app, request("/p", cookie: id)))
        #expect(!blocks(app, request("/p/fragment", cookie: id)))
        #expect(!blocks(app, request("/p/a", cookie: id)))
        #expect(!blocks(app, request("/p/state", cookie: id)))
        #expect(!blocks(app, request("/p/a", method: .head, cookie: id)))
    }

    @Test func changingTheSelectionByURLBlocksWithADurableStore() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        let id = try visited(app)
        #expect(blocks(app, request("/p/b", cookie: id)))
        _ = fixture.get(app, "/p/b", cookie: id)
        #expect(!blocks(app, request("/p/b", cookie: id)))
        #expect(!blocks(app, request("/p", cookie: id)))
    }

    @Test func aDueTouchBlocksUntilItIsWritten() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        let id = try visited(app)
        fixture.clock.advance(by: app.sessions.configuration.touchInterval + 1)
        #expect(blocks(app, request("/p", cookie: id)))
        #expect(blocks(app, request("/p/state", cookie: id)))
        _ = fixture.get(app, "/p", cookie: id)
        #expect(!blocks(app, request("/p", cookie: id)))
        #expect(!blocks(app, request("/p/state", cookie: id)))
    }

    /// A click selecting `page`, with the session's own token when `session` is given, else (a
    /// first click) with the signed token and `folio_csrf` cookie a view of `/p` hands out.
    func click(_ app: FolioApp, page: String, session: (id: String, token: String)?) throws -> HTTPRequest {
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        var token = session?.token
        if let session {
            headers.add(name: "Cookie", value: "folio_session=\(session.id)")
        } else {
            let view = fixture.get(app, "/p")
            let nonce = try #require(fixture.setCookie(FolioApp.formCookieName, of: view))
            headers.add(name: "Cookie", value: "\(FolioApp.formCookieName)=\(nonce)")
            token = try fixture.hidden("csrf", in: fixture.body(view))
        }
        let form = "page=\(page)&from=a&csrf=\(token ?? "")"
        return HTTPRequest(method: .post, target: "/p/select", headers: headers, body: Array(form.utf8))
    }

    @Test func aFirstClickBlocksWithADurableStoreOnlyAndASessionsClickIsAnsweredFromItsCommit() throws {
        let durable = try fixture.makeApp(store: try fixture.durableStore())
        #expect(blocks(durable, try click(durable, page: "b", session: nil)), "the insert waits for the disk")
        let session = try fixture.session(durable)
        #expect(!blocks(durable, try click(durable, page: "b", session: session)), "answered from the commit")
        let memory = try fixture.makeApp()
        // Page c's file is read once (and fails for good): then nothing is left to load.
        _ = fixture.get(memory, "/p/c")
        #expect(!blocks(memory, try click(memory, page: "b", session: nil)))
        #expect(!blocks(memory, try click(memory, page: "b", session: try fixture.session(memory))))
        // A refused post is refused where it is resolved: no form, no token.
        #expect(!blocks(durable, request("/p/select", method: .post, cookie: session.id)))
        #expect(!blocks(durable, request("/p/scroll", method: .post, cookie: session.id)))
    }

    @Test func anUnchangedClickWhoseUseIsDueWritesItInItsOwnSaveWithoutAWorker() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        let session = try fixture.session(app)
        let stored = try #require(try app.sessions.session(.anonymous(session.id), marksUse: false))
        let shown = try #require(stored.pagers["p"]).state.selectedPage.key
        fixture.clock.advance(by: app.sessions.configuration.touchInterval + 1)
        #expect(!blocks(app, try click(app, page: shown, session: session)), "answered from the commit")
        // Answered from the commit's completion: wait for it (bounded), not for a worker.
        var after = stored
        for _ in 0..<500 where after.lastSeen == stored.lastSeen {
            usleep(10_000)
            after = try #require(try app.sessions.session(.anonymous(session.id), marksUse: false))
        }
        #expect(after.lastSeen > stored.lastSeen, "the click's use was written")
        #expect(after.pagers["p"] == stored.pagers["p"], "the record is as it was")
    }

    @Test func pageDataToLoadBlocksEvenInMemory() throws {
        let app = try fixture.makeApp()
        let session = try fixture.session(app)
        // Page c's data comes from a file, read when c is first shown.
        #expect(blocks(app, request("/p/c", cookie: session.id)))
        #expect(blocks(app, try click(app, page: "c", session: session)))
        _ = fixture.get(app, "/p/c", cookie: session.id)
        #expect(!blocks(app, request("/p/c", cookie: session.id)))
        #expect(!blocks(app, request("/p", cookie: session.id)))
    }

    @Test func urlDataBlocksWhenNotLoadedAndAgainWhenExpired() throws {
        // Nothing listens on port 1: the fetch fails at once, and a failure is retried after 5 s.
        let url = try #require(URL(string: "http://127.0.0.1:1/feed.json"))
        let app = try fixture.makeApp(
            extraPage: PageConfiguration(
                key: "u", title: "U", template: "content/c.html",
                source: .url(url, cacheSeconds: 60, timeoutSeconds: 1)))
        let id = try visited(app)
        #expect(!blocks(app, request("/p", cookie: id)), "u is not shown, so not loaded")
        #expect(blocks(app, request("/p/u", cookie: id)))
        _ = fixture.get(app, "/p/u", cookie: id)
        #expect(!blocks(app, request("/p/u", cookie: id)))
        #expect(!blocks(app, request("/p", cookie: id)))
        fixture.clock.advance(by: 6)
        #expect(blocks(app, request("/p", cookie: id)), "u is loaded in this session and expired")
        #expect(blocks(app, request("/p/fragment", cookie: id)))
    }
}
