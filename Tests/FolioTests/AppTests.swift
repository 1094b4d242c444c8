import FolioCore
import FolioHTTP
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// FolioApp driven in process, with small templates of its own so the
/// tests do not depend on the demo's looks.
@Suite struct AppTests {
    let folder: TemporaryFolder
    let clock = TestClock()

    init() throws {
        folder = try TemporaryFolder()
        try folder.write(
            "templates/fragment.html",
            """
            <section class="folio-pager" tal:attributes="id string:folio-${pager/key}; data-selected pager/selectedIndex">\
            <form method="post" tal:attributes="action pager/selectAction">\
            <input type="hidden" name="csrf" tal:attributes="value pager/csrf">\
            <button tal:repeat="tab pager/tabs" tal:attributes="value tab/key; aria-selected tab/selected; \
            id tab/tabId" tal:content="tab/title">t</button></form>\
            <div tal:repeat="panel pager/panels" tal:attributes="id panel/panelId; data-loaded panel/loaded" \
            tal:content="structure panel/html"></div></section>
            """)
        // page.html repeats fragment's markup (no macro library needed).
        try folder.write(
            "templates/page.html",
            "<!DOCTYPE html>\n<html><head><title tal:content=\"pager/title\">t</title></head><body>"
                + (try String(contentsOfFile: folder.path + "/templates/fragment.html", encoding: .utf8))
                + "</body></html>")
        try folder.write(
            "templates/index.html",
            "<ul><li tal:repeat=\"p pagers\"><a tal:attributes=\"href p/href\" tal:content=\"p/title\">x</a></li></ul>"
        )
        try folder.write(
            "templates/error.html",
            "<p class=\"error\" tal:content=\"string:${error/status} ${error/message}\">e</p>")
        try folder.write(
            "templates/content/c.html",
            "<p class=\"c\" tal:content=\"string:${page/title} ${heading} shown ${shownCount}\">c</p>")
        try folder.write("public/a.txt", "hello")
    }

    func makeApp(
        store: any SessionStore = MemorySessionStore(), title: String = "Two",
        extraPage: PageConfiguration? = nil
    ) throws -> FolioApp {
        var pager = PagerConfiguration(
            key: "p", title: "Pager",
            pages: [
                PageConfiguration(
                    key: "a", title: "A", template: "content/c.html",
                    source: .inline(json: #"{"heading":"H1"}"#)),
                PageConfiguration(
                    key: "b", title: title, template: "content/c.html",
                    source: .inline(json: #"{"heading":"H2"}"#)),
                PageConfiguration(
                    key: "c", title: "C", template: "content/c.html",
                    source: .file(path: folder.path + "/c.json")),
            ])
        if let extraPage { pager.pages.append(extraPage) }
        pager.layout = .fixed(width: 80)
        let configuration = FolioConfiguration(title: "Test", pagers: [pager])
        let options = FolioAppOptions(
            templatesDirectory: folder.path + "/templates", publicDirectory: folder.path + "/public")
        let sessions = SessionManager(store: store, clock: clock, random: CountingRandom())
        // Page c's data file is there when the app starts (it checks) and
        // gone when the page is first shown: its panel is an error panel.
        let dataFile = try folder.write("c.json", #"{"heading": "H3"}"#)
        defer { try? FileManager.default.removeItem(atPath: dataFile) }
        return try FolioApp(configuration: configuration, options: options, sessions: sessions)
    }

    func body(_ response: HTTPResponse) -> String {
        String(decoding: response.body.collectedBytes() ?? [], as: UTF8.self)
    }

    func get(_ app: FolioApp, _ path: String, cookie: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        return app.handle(HTTPRequest(method: .get, target: path, headers: headers))
    }

    func post(
        _ app: FolioApp, _ path: String, _ form: String, cookie: String?, headers extra: HTTPHeaders = [:]
    )
        -> HTTPResponse
    {
        var headers = extra
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        return app.handle(HTTPRequest(method: .post, target: path, headers: headers, body: Array(form.utf8)))
    }

    func cookie(of response: HTTPResponse) -> String? {
        response.headers["Set-Cookie"]?.split(separator: ";").first?.split(separator: "=").last.map(
            String.init)
    }

    @Test func pageURLSelectsItLoadsOnlyItAndCarriesTheToken() throws {
        let app = try makeApp()
        let response = get(app, "/p/b")
        #expect(response.status == .ok)
        let html = body(response)
        #expect(html.contains(#"data-selected="1""#))
        #expect(html.contains(#"<p class="c">Two H2 shown 1</p>"#))
        #expect(!html.contains("H1"))
        #expect(html.contains(#"value="00000000000000000000000000000001""#))
        #expect(response.headers["Set-Cookie"]?.contains("HttpOnly; SameSite=Lax") == true)
        #expect(response.headers["Content-Security-Policy"]?.contains("frame-ancestors 'self'") == true)
    }

    @Test func selectPostRedirectsAndIsRemembered() throws {
        let app = try makeApp()
        let id = try #require(cookie(of: get(app, "/p")))
        let token = "00000000000000000000000000000001"
        let answer = post(app, "/p/select", "page=b&csrf=\(token)", cookie: id)
        #expect(answer.status == .seeOther)
        #expect(answer.headers["Location"] == "/p/b")
        #expect(answer.headers["Vary"] == "HX-Request")
        // The first click reissues the session (SessionRotationTests).
        let reissued = try #require(cookie(of: answer))
        let html = body(get(app, "/p", cookie: reissued))
        #expect(html.contains(#"data-selected="1""#))
        #expect(html.contains("H1") && html.contains("H2"))
    }

    @Test func htmxSelectAnswersTheFragment() throws {
        let app = try makeApp()
        let id = try #require(cookie(of: get(app, "/p")))
        let answer = post(
            app, "/p/select", "page=2&csrf=00000000000000000000000000000001", cookie: id,
            headers: ["HX-Request": "true"])
        #expect(answer.status == .ok)
        #expect(answer.headers["HX-Push-Url"] == "/p/c")
        let html = body(answer)
        #expect(!html.contains("<html"))
        #expect(html.contains("folio-panel-error"))  // its data file is missing: an error panel, not a 500
    }

    @Test func refusedPostsChangeNothing() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let id = try #require(cookie(of: get(app, "/p")))
        let before = try store.session(id: id)
        let token = "00000000000000000000000000000001"
        let cases: [(String, String?, HTTPHeaders, HTTPStatus)] = [
            ("page=b", id, [:], .forbidden),
            ("page=b&csrf=\(String(repeating: "0", count: 32))", id, [:], .forbidden),
            ("page=b&csrf=\(token)", nil, [:], .forbidden),
            ("page=b&csrf=\(token)", id, ["Sec-Fetch-Site": "cross-site"], .forbidden),
            ("page=zz&csrf=\(token)", id, [:], .notFound),
            ("page=7&csrf=\(token)", id, [:], .notFound),
            ("csrf=\(token)", id, [:], .badRequest),
            ("page=%zz&csrf=\(token)", id, [:], .badRequest),
        ]
        for (form, cookie, headers, status) in cases {
            #expect(
                post(app, "/p/select", form, cookie: cookie, headers: headers).status == status, "\(form)")
        }
        #expect(post(app, "/p/scroll", "offset=-1&width=10&csrf=\(token)", cookie: id).status == .badRequest)
        #expect(post(app, "/p/scroll", "offset=1&width=x&csrf=\(token)", cookie: id).status == .badRequest)
        #expect(try store.session(id: id) == before)
    }

    @Test func theCookieIsRefreshedWhenTheIdleTimerRestarts() throws {
        let app = try makeApp()
        let id = try #require(cookie(of: get(app, "/p")))
        #expect(get(app, "/p", cookie: id).headers["Set-Cookie"] == nil)
        clock.advance(by: 61)
        #expect(cookie(of: get(app, "/p", cookie: id)) == id)
        clock.advance(by: 8 * 24 * 3600)
        let expired = get(app, "/p", cookie: id)
        #expect(cookie(of: expired) != nil && cookie(of: expired) != id)
    }

    @Test func stateSavedUnderAnotherConfigurationStartsOver() throws {
        let store = MemorySessionStore()
        let id = String(repeating: "ab", count: 16)
        try store.insert(SessionRecord(id: id, csrfToken: "t", lastSeen: clock.now))
        var old = try PagerState(pages: [Page(key: "x", title: "X"), Page(key: "y", title: "Y")])
        _ = try old.select(index: 1)
        try store.save(PagerRecord(state: old), pager: "p", session: id, lastSeen: clock.now)
        let app = try makeApp(store: store)
        let html = body(get(app, "/p", cookie: id))
        #expect(html.contains(#"data-selected="0""#))
        #expect(try store.session(id: id)?.pagers["p"]?.state.pages.map(\.key) == ["a", "b", "c"])
    }

    @Test func wrongMethodsAnswer405WithAllow() throws {
        let app = try makeApp()
        let response = get(app, "/p/select")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "POST")
        #expect(post(app, "/p/a", "", cookie: nil).headers["Allow"] == "GET, HEAD")
    }

    @Test func titlesAreEscaped() throws {
        let app = try makeApp(title: "<script>alert(1)</script>")
        let html = body(get(app, "/p/b"))
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func sessionsShareRenderedPagesButNotTokens() throws {
        let app = try makeApp()
        let first = body(get(app, "/p/a"))
        let second = body(get(app, "/p/a"))
        #expect(first != second)
        #expect(
            first.replacingOccurrences(of: "00000000000000000000000000000001", with: "T")
                == second.replacingOccurrences(of: "00000000000000000000000000000003", with: "T"))
    }

    @Test func stateJSONReportsSelectionAndFixedGeometry() throws {
        let app = try makeApp()
        let id = try #require(cookie(of: get(app, "/p/b")))
        let response = get(app, "/p/state", cookie: id)
        #expect(response.headers["Content-Type"] == "application/json")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(body(response).utf8)) as? [String: Any])
        #expect((json["selected"] as? [String: Any])?["key"] as? String == "b")
        #expect(json["layout"] as? String == "fixed")
        let loaded = (json["pages"] as? [[String: Any]])?.map { $0["loaded"] as? Bool }
        #expect(loaded == [false, true, false])
    }

    @Test func stylesheetPlacesTheIndicatorPerSelection() throws {
        let app = try makeApp()
        let response = get(app, "/p/pager.css")
        let css = body(response)
        #expect(css.contains("--folio-tab-width: 80px;"))
        #expect(css.contains(#"#folio-p[data-selected="2"] .folio-indicator"#))
        let etag = try #require(response.headers["ETag"])
        let again = app.handle(
            HTTPRequest(method: .get, target: "/p/pager.css", headers: ["If-None-Match": etag]))
        #expect(again.status == .notModified)
    }

    @Test func storeFailuresRefuseWritesButPagesStillShow() throws {
        let app = try makeApp(store: FailingStore())
        let page = get(app, "/p/b")
        #expect(page.status == .ok)
        #expect(body(page).contains(#"data-selected="1""#))
        #expect(page.headers["Folio-State"]?.contains("disk full") == true)
        #expect(page.headers["Set-Cookie"] == nil)
        let answer = post(app, "/p/select", "page=b&csrf=x", cookie: String(repeating: "a", count: 32))
        #expect(answer.status == .serviceUnavailable)
        #expect(body(answer).contains("disk full"))
        #expect(get(app, "/healthz").status == .ok)
    }

    @Test func unknownThingsAre404AndBrowsersGetTheErrorPage() throws {
        let app = try makeApp()
        #expect(get(app, "/nope").status == .notFound)
        let page = app.handle(HTTPRequest(method: .get, target: "/p/zz", headers: ["Accept": "text/html"]))
        #expect(page.status == .notFound)
        #expect(body(page).contains(#"<p class="error">404 The pager 'p' has no page 'zz'.</p>"#))
    }
}

/// A store whose every operation fails, as a full disk would.
struct FailingStore: SessionStore {
    func session(id: String) throws(StoreError) -> SessionRecord? { throw StoreError("disk full") }
    func insert(_ session: SessionRecord) throws(StoreError) { throw StoreError("disk full") }
    func touch(id: String, lastSeen: Double) throws(StoreError) { throw StoreError("disk full") }
    func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double) throws(StoreError) {
        throw StoreError("disk full")
    }
    func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        throw StoreError("disk full")
    }
    func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int { throw StoreError("disk full") }
    func removeLeastRecentlySeen(count: Int) throws(StoreError) { throw StoreError("disk full") }
    func count() throws(StoreError) -> Int { throw StoreError("disk full") }
}
