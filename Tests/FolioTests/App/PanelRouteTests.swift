import FolioHTTP
import Testing

@testable import Folio

/// `GET /{pager}/{page}/panel` (issue 15, item 1): a neighbour's panel
/// fetched while the reader drags towards it, which the reader may still
/// abandon, so the answer changes nothing. Uses `AppTests`' templates and pager.
extension AppTests {
    @Test(arguments: [false, true])
    func thePanelRouteAnswersThePanelAndLeavesTheSessionAsItWas(durable: Bool) throws {
        let store: any SessionStore = durable ? try durableStore() : MemorySessionStore()
        let app = try makeApp(store: store)
        let id = try session(app).id
        let before = try #require(try store.session(id: id))
        let stateBefore = body(get(app, "/p/state", cookie: id))
        clock.advance(by: 3600)  // a request that noted the use would change the record now
        for path in ["/p/b/panel", "/p/1/panel"] {
            let response = get(app, path, cookie: id)
            #expect(response.status == .ok, "\(path)")
            // The panel alone, as the click that shows page b will render it.
            #expect(body(response) == #"<p class="c">Two H2 shown 1</p>"#, "\(path)")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(response.headers["Cache-Control"] == "private, no-cache")
            #expect(response.headers["Set-Cookie"] == nil)
        }
        // Page c's data must load first (a worker's answer): still nothing saved.
        #expect(get(app, "/p/c/panel", cookie: id).status == .ok)
        #expect(view(app, "/p/b/panel", cookie: id, method: .head).status == .ok)
        #expect(try store.session(id: id) == before)
        let record = try #require(before.pagers["p"])
        #expect(record.state.selectedIndex == 0)
        #expect(!record.state.isLoaded("b") && record.shownCounts["b"] == nil)
        clock.advance(by: -3600)  // the state JSON as it was read before
        #expect(body(get(app, "/p/state", cookie: id)) == stateBefore)
    }

    @Test func thePanelOfThePageShownNowKeepsItsCount() throws {
        let app = try makeApp()
        let id = try session(app).id
        #expect(body(get(app, "/p/a/panel", cookie: id)) == #"<p class="c">A H1 shown 1</p>"#)
    }

    @Test func thePanelRouteCreatesNoSessionForAVisitorWithoutOne() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let response = get(app, "/p/b/panel")
        #expect(body(response) == #"<p class="c">Two H2 shown 1</p>"#)
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(try store.count() == 0)
    }

    @Test func thePanelOfAnUnknownPageOrPagerIsNotFound() throws {
        let app = try makeApp()
        let id = try session(app).id
        let cases = [
            ("/p/3/panel", "The pager 'p' has no page 3 (it has 3, numbered from 0)."),
            ("/p/-1/panel", "The pager 'p' has no page -1 (it has 3, numbered from 0)."),
            ("/p/zz/panel", "The pager 'p' has no page 'zz'."), ("/q/a/panel", "There is no pager 'q'."),
        ]
        for (path, message) in cases {
            let response = get(app, path, cookie: id)
            #expect(response.status == .notFound, "\(path)")
            #expect(body(response) == message + "\n", "\(path)")
            #expect(response.headers["Cache-Control"] == "no-store")
        }
        #expect(get(app, "/p/a/panels", cookie: id).status == .notFound)
        let posted = post(app, "/p/a/panel", "", cookie: id)
        #expect(posted.status == .methodNotAllowed)
        #expect(posted.headers["Allow"] == "GET, HEAD")
    }
}
