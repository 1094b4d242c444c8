import FolioCore
import FolioHTTP
import Testing

@testable import Folio

/// A request the browser marks cross-site, and any `HEAD`, changes nothing
/// stored (issue 11, item 8). Uses `AppTests`' templates and pager.
extension AppTests {
    func view(
        _ app: FolioApp, _ path: String, cookie: String?, method: HTTPMethod = .get, site: String? = nil
    ) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        if let site { headers.add(name: "Sec-Fetch-Site", value: site) }
        return app.handle(HTTPRequest(method: method, target: path, headers: headers))
    }

    @Test(arguments: [
        (HTTPMethod.get, "cross-site" as String?), (.get, " Cross-Site "), (.head, nil),
        (.head, "same-origin"),
    ])
    func aCrossSiteOrHeadViewRendersTheURLsPageAndSavesNothing(method: HTTPMethod, site: String?) throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let id = try session(app).id
        let before = try #require(try store.session(id: id))
        clock.advance(by: 3600)  // a view that saved would also note the use
        let response = view(app, "/p/b", cookie: id, method: method, site: site)
        #expect(response.status == .ok)
        #expect(response.headers["Set-Cookie"] == nil)
        if method == .get {
            let html = body(response)
            #expect(html.contains(#"data-selected="1""#))
            #expect(html.contains(#"<p class="c">Two H2 shown 1</p>"#))
            // The session's own token: a click from this page still works.
            #expect(html.contains(#"value="\#(before.csrfToken)""#))
        }
        #expect(try store.session(id: id) == before)
        #expect(try store.count() == 1)
    }

    @Test(arguments: [(HTTPMethod.get, "cross-site" as String?), (.head, nil)])
    func aCrossSiteOrHeadViewWithoutASessionCreatesNone(method: HTTPMethod, site: String?) throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        for path in ["/p", "/p/b", "/p/fragment"] {
            let response = view(app, path, cookie: nil, method: method, site: site)
            #expect(response.status == .ok)
            #expect(cookie(of: response) == nil)
            // A GET's form is bound to the browser's folio_csrf nonce (set by
            // the answer, stored nowhere here); a HEAD sets no cookie at all.
            if method == .head { #expect(response.headers["Set-Cookie"] == nil) }
        }
        #expect(try store.count() == 0)
    }

    @Test func aCrossSiteViewOfAPagerTheSessionNeverOpenedSavesNoRecordForIt() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let id = "0123456789abcdef0123456789abcdef"
        try store.insert(SessionRecord(id: id, csrfToken: "t", lastSeen: clock.now))
        #expect(body(view(app, "/p/c", cookie: id, site: "cross-site")).contains(#"data-selected="2""#))
        #expect(try store.session(id: id)?.pagers == [:])
    }

    @Test func sameSiteAndUnmarkedViewsStillSelectAndCount() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let id = try session(app).id
        for site in ["same-origin", "same-site", "none"] {
            _ = view(app, "/p/b", cookie: id, site: site)
            _ = view(app, "/p/a", cookie: id)
        }
        let record = try #require(try store.session(id: id)?.pagers["p"])
        #expect(record.state.selectedIndex == 0)
        #expect(record.shownCounts["b"] == 3)
    }

    @Test func aCrossSiteViewOfTheStateNotesNoUse() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let id = try session(app).id
        let before = try #require(try store.session(id: id))
        clock.advance(by: 3600)
        #expect(view(app, "/p/state", cookie: id, site: "cross-site").status == .ok)
        #expect(view(app, "/p/state", cookie: id, method: .head).status == .ok)
        #expect(try store.session(id: id) == before)
    }
}
