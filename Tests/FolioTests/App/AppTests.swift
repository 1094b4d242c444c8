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
            <input type="hidden" name="from" tal:attributes="value pager/selectedKey">\
            <input type="hidden" name="return" tal:attributes="value pager/returnTarget">\
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
        extraPage: PageConfiguration? = nil, secretFile: String? = nil
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
        var options = FolioAppOptions(
            templatesDirectory: folder.path + "/templates", publicDirectory: folder.path + "/public")
        options.secretFile = secretFile
        let sessions = SessionManager(store: store, clock: clock, random: CountingRandom())
        // Page c's data file is there when the app starts (it checks) and
        // gone when the page is first shown: its panel is an error panel.
        let dataFile = try folder.write("c.json", #"{"heading": "H3"}"#)
        defer { try? FileManager.default.removeItem(atPath: dataFile) }
        return try FolioApp(configuration: configuration, options: options, sessions: sessions)
    }

    /// A new SQLite store in the fixture's folder: writes wait for the disk.
    func durableStore() throws -> SQLiteSessionStore {
        try SQLiteSessionStore(path: folder.path + "/sessions-\(UUID().uuidString).db")
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

    /// A post of a visitor without a session: `form` with the `folio_csrf`
    /// cookie (`nonce`) a view set, no session cookie.
    func postWithoutSession(_ app: FolioApp, _ path: String, _ form: String, nonce: String) -> HTTPResponse {
        let headers: HTTPHeaders = [
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "\(FolioApp.formCookieName)=\(nonce)",
        ]
        return app.handle(HTTPRequest(method: .post, target: path, headers: headers, body: Array(form.utf8)))
    }

    /// The value of the cookie `name` that `response` sets, if it sets it.
    func setCookie(_ name: String, of response: HTTPResponse) -> String? {
        for field in response.headers where field.name.lowercased() == "set-cookie" {
            let pair = field.value.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "="), pair[..<equals] == name[...] else { continue }
            return String(pair[pair.index(after: equals)...])
        }
        return nil
    }

    /// The session cookie `response` sets (`folio_session` or `__Host-folio_session`).
    func cookie(of response: HTTPResponse) -> String? {
        setCookie(FolioApp.cookieName, of: response) ?? setCookie(FolioApp.hostCookieName, of: response)
    }

    /// The value of the form's hidden input `name` in `html`.
    func hidden(_ name: String, in html: String) throws -> String {
        let marker = #"name="\#(name)" value=""#
        let start = try #require(html.range(of: marker), "no hidden input \(name)").upperBound
        return String(html[start...].prefix { $0 != "\"" })
    }

    /// A visitor's first click, as a browser makes it (views create no
    /// session): `GET path`, then a post of the form's hidden fields (`csrf`,
    /// `from`, `return`) selecting `page` (default the page shown), with the
    /// `folio_csrf` cookie the view set.
    /// - Returns: The click's answer and the session id it set.
    func firstClick(
        _ app: FolioApp, _ path: String = "/p", page: String? = nil, headers extra: HTTPHeaders = [:]
    ) throws -> (answer: HTTPResponse, session: String) {
        var viewHeaders: HTTPHeaders = [:]
        for field in extra where field.name.lowercased() != "hx-request" {
            viewHeaders.add(name: field.name, value: field.value)
        }
        let view = app.handle(HTTPRequest(method: .get, target: path, headers: viewHeaders))
        #expect(view.status == .ok, "GET \(path)")
        #expect(cookie(of: view) == nil, "a view creates no session")
        let html = body(view)
        let from = try hidden("from", in: html)
        let nonce = try #require(setCookie(FolioApp.formCookieName, of: view), "GET \(path) sets folio_csrf")
        let actionStart = try #require(html.range(of: #"action=""#), "the form has an action").upperBound
        let action = String(html[actionStart...].prefix { $0 != "\"" })
        var form = "page=\(page ?? from)&from=\(from)&csrf=\(try hidden("csrf", in: html))"
        let target = try hidden("return", in: html)
        if !target.isEmpty {
            form += "&return=\(target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        }
        var headers = extra
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        headers.add(name: "Cookie", value: "\(FolioApp.formCookieName)=\(nonce)")
        let answer = app.handle(
            HTTPRequest(method: .post, target: action, headers: headers, body: Array(form.utf8)))
        let session = try #require(cookie(of: answer), "the first click sets the session cookie")
        return (answer, session)
    }

    /// A session made by a first click on `path`, and its CSRF token.
    func session(_ app: FolioApp, _ path: String = "/p") throws -> (id: String, token: String) {
        let id = try firstClick(app, path).session
        let record = try #require(try app.sessions.session(.anonymous(id), marksUse: false))
        return (id, record.csrfToken)
    }

    @Test func pageURLSelectsItLoadsOnlyItAndCarriesTheToken() throws {
        let app = try makeApp()
        let response = get(app, "/p/b")
        #expect(response.status == .ok)
        let html = body(response)
        #expect(html.contains(#"data-selected="1""#))
        #expect(html.contains(#"<p class="c">Two H2 shown 1</p>"#))
        #expect(!html.contains("H1"))
        // No session: the form is signed, bound to the folio_csrf nonce it sets.
        #expect(cookie(of: response) == nil)
        let nonce = try #require(setCookie(FolioApp.formCookieName, of: response))
        #expect(nonce.count == 32 && nonce.allSatisfy(\.isHexDigit))
        let token = try hidden("csrf", in: html)
        #expect(token.hasPrefix("f1.") && token.contains(".\(nonce)."))
        #expect(try hidden("from", in: html) == "b")
        #expect(try hidden("return", in: html) == "")
        #expect(response.headers["Set-Cookie"]?.contains("HttpOnly; SameSite=Lax") == true)
        #expect(response.headers["Content-Security-Policy"]?.contains("frame-ancestors 'self'") == true)
    }

    @Test func selectPostRedirectsAndIsRemembered() throws {
        let app = try makeApp()
        let (id, token) = try session(app)
        let answer = post(app, "/p/select", "page=b&csrf=\(token)", cookie: id)
        #expect(answer.status == .seeOther)
        #expect(answer.headers["Location"] == "/p/b")
        #expect(answer.headers["Vary"] == "HX-Request")
        // A later click keeps the session (SessionRotationTests).
        #expect(cookie(of: answer) == nil)
        let html = body(get(app, "/p", cookie: id))
        #expect(html.contains(#"data-selected="1""#))
        #expect(html.contains("H1") && html.contains("H2"))
    }

    @Test func htmxSelectAnswersTheFragment() throws {
        let app = try makeApp()
        let (id, token) = try session(app)
        let answer = post(
            app, "/p/select", "page=2&csrf=\(token)", cookie: id,
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
        let (id, token) = try session(app)
        let before = try store.session(id: id)
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
        let id = try session(app).id
        #expect(get(app, "/p", cookie: id).headers["Set-Cookie"] == nil)
        clock.advance(by: 61)
        #expect(cookie(of: get(app, "/p", cookie: id)) == id)
        clock.advance(by: 8 * 24 * 3600)
        // An expired session is a new visitor: its view creates nothing.
        let expired = get(app, "/p", cookie: id)
        #expect(cookie(of: expired) == nil)
        #expect(setCookie(FolioApp.formCookieName, of: expired) != nil)
        #expect(try hidden("csrf", in: body(expired)).hasPrefix("f1."))
    }

    @Test func aClickCarriesTheSessionsLastUseInItsOwnWrite() throws {
        let store = ObservedStore(MemorySessionStore())
        let app = try makeApp(store: store)
        let (id, token) = try session(app)
        clock.advance(by: 61)  // the use is due to be written
        let before = store.writes.count
        let click = request(
            app, .post, "/p/select", cookie: "folio_session=\(id)", form: "page=c&csrf=\(token)",
            headers: [("Sec-Fetch-Site", "same-origin")])
        #expect(click.status == .seeOther)
        #expect(Array(store.writes[before...]) == ["save"], "one write: the click's save, with the use in it")
        #expect(try store.session(id: id)?.lastSeen == clock.now)
        // A click that changes nothing saves the record as it is, with its due use: one write.
        clock.advance(by: 61)
        let again = store.writes.count
        let record = try store.session(id: id)?.pagers["p"]
        _ = request(
            app, .post, "/p/select", cookie: "folio_session=\(id)", form: "page=c&csrf=\(token)",
            headers: [("Sec-Fetch-Site", "same-origin")])
        #expect(Array(store.writes[again...]) == ["save"])
        #expect(try store.session(id: id)?.lastSeen == clock.now)
        #expect(try store.session(id: id)?.pagers["p"] == record)
    }

    @Test func stateSavedUnderPagesWithNoKeyInCommonStartsOnTheFirstPage() throws {
        let store = MemorySessionStore()
        let id = String(repeating: "ab", count: 16)
        try store.insert(SessionRecord(id: id, csrfToken: "t", lastSeen: clock.now))
        var old = try PagerState(pages: [Page(key: "x", title: "X"), Page(key: "y", title: "Y")])
        _ = try old.select(index: 1)
        try store.save(PagerRecord(state: old), pager: "p", session: id, lastSeen: clock.now)
        let app = try makeApp(store: store)
        let html = body(get(app, "/p", cookie: id))
        #expect(html.contains(#"data-selected="0""#))
        let adapted = try #require(try store.session(id: id)?.pagers["p"])
        #expect(adapted.state.pages.map(\.key) == ["a", "b", "c"])
        #expect(
            adapted.pagesChanged?.selectionMoved
                == SelectionMove(from: "y", to: "a", reason: .noStoredPageRemains))
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
        let (firstToken, secondToken) = (try hidden("csrf", in: first), try hidden("csrf", in: second))
        #expect(firstToken != secondToken)
        #expect(
            first.replacingOccurrences(of: firstToken, with: "T")
                == second.replacingOccurrences(of: secondToken, with: "T"))
    }

    @Test func stateJSONReportsSelectionAndFixedGeometry() throws {
        let app = try makeApp()
        let id = try session(app, "/p/b").id
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
        // The form-signing secret comes from a file: the store cannot keep one.
        let app = try makeApp(store: FailingStore(), secretFile: folder.path + "/csrf-secret")
        // A view of a visitor without a session stores nothing: it shows.
        let page = get(app, "/p/b")
        #expect(page.status == .ok)
        #expect(body(page).contains(#"data-selected="1""#))
        #expect(cookie(of: page) == nil)
        // A first click cannot create its session.
        let nonce = try #require(setCookie(FolioApp.formCookieName, of: page))
        let click = postWithoutSession(
            app, "/p/select", "page=c&from=b&csrf=\(try hidden("csrf", in: body(page)))", nonce: nonce)
        #expect(click.status == .serviceUnavailable)
        // The store's reason ("disk full") is for the log, not the visitor.
        #expect(body(click).contains("unavailable right now") && !body(click).contains("disk full"))
        #expect(cookie(of: click) == nil)
        let answer = post(app, "/p/select", "page=b&csrf=x", cookie: String(repeating: "a", count: 32))
        #expect(answer.status == .serviceUnavailable)
        #expect(body(answer).contains("unavailable right now") && !body(answer).contains("disk full"))
        #expect(get(app, "/healthz").status == .ok)
    }

    @Test func readinessSaysWhetherTheStoreAnswersWhileLivenessStays200() throws {
        let ready = get(try makeApp(), "/healthz?ready")
        #expect(ready.status == .ok && body(ready) == "ready\n")
        let failing = try makeApp(store: FailingStore(), secretFile: folder.path + "/csrf-secret")
        let notReady = get(failing, "/healthz?ready")
        #expect(notReady.status == .serviceUnavailable)
        // A plain reason: the store's own words ("disk full") are not for the network.
        #expect(body(notReady) == "not ready: the state store cannot be reached\n")
        #expect(get(failing, "/healthz").status == .ok)
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
    var isDurable: Bool { true }
}
