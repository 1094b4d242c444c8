import FolioCore
import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// Views create no session; a visitor's first click creates exactly one; a
/// session begun by a view (before views kept no state) is reissued under a
/// fresh id and token at its first click; the cookie is `__Host-` where it
/// can be (issue 11, item 9). Uses `AppTests`' templates and pager;
/// `CountingRandom` makes ids predictable.
extension AppTests {
    func setCookies(_ response: HTTPResponse) -> [String] {
        response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
    }

    func request(
        _ app: FolioApp, _ method: HTTPMethod, _ path: String, cookie: String?, form: String? = nil,
        headers extra: [(String, String)] = []
    ) -> HTTPResponse {
        var headers = HTTPHeaders(extra)
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        if form != nil { headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded") }
        return app.handle(
            HTTPRequest(method: method, target: path, headers: headers, body: Array((form ?? "").utf8)))
    }

    func token(in html: String) throws -> String {
        let marker = #"name="csrf" value=""#
        let start = try #require(html.range(of: marker)).upperBound
        return String(html[start...].prefix(32))
    }

    /// Inserts a session as views used to begin them (not issued at a
    /// click, so its id may have been planted), with a known token.
    func insertViewedSession(_ store: any SessionStore, id: String = String(repeating: "ab", count: 16))
        throws -> (id: String, token: String)
    {
        let token = String(repeating: "cd", count: 16)
        try store.insert(SessionRecord(id: id, csrfToken: token, lastSeen: clock.now, isIssuedAtClick: false))
        return (id, token)
    }

    @Test(arguments: [false, true])
    func viewsCreateNoSessionAndTheFirstClickCreatesExactlyOne(htmx: Bool) throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        for _ in 0..<20 {
            for path in ["/p", "/p/b", "/p/fragment", "/p/state"] {
                let view = get(app, path)
                #expect(view.status == .ok && cookie(of: view) == nil, "\(path)")
            }
        }
        #expect(try store.count() == 0)
        let (answer, id) = try firstClick(
            app, "/p/b", page: "c", headers: htmx ? ["HX-Request": "true"] : [:])
        #expect(answer.status == (htmx ? .ok : .seeOther))
        #expect(SessionManager.isWellFormed(id))
        #expect(try store.count() == 1)
        let created = try #require(try store.session(id: id))
        #expect(created.isIssuedAtClick)
        #expect(created.pagers["p"]?.state.selectedIndex == 2)
        if htmx { #expect(try token(in: body(answer)) == created.csrfToken) }
        // The next form carries the session's token; later clicks keep the id.
        let page = get(app, "/p", cookie: id)
        #expect(body(page).contains(#"data-selected="2""#))
        #expect(try token(in: body(page)) == created.csrfToken)
        let second = post(app, "/p/select", "page=a&csrf=\(created.csrfToken)", cookie: id)
        #expect(second.status == .seeOther)
        #expect(cookie(of: second) == nil)
        #expect(try store.session(id: id)?.pagers["p"]?.state.selectedIndex == 0)
        #expect(try store.count() == 1)
    }

    @Test(arguments: [false, true])
    func anOldSessionBegunByAViewIsReissuedAtItsFirstClickAndTheOldIdFindsNothing(htmx: Bool) throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let (old, oldToken) = try insertViewedSession(store)
        let first = get(app, "/p", cookie: old)
        #expect(try token(in: body(first)) == oldToken)
        let answer = post(
            app, "/p/select", "page=b&csrf=\(oldToken)", cookie: old,
            headers: htmx ? ["HX-Request": "true"] : [:])
        #expect(answer.status == (htmx ? .ok : .seeOther))
        let new = try #require(cookie(of: answer))
        #expect(new != old && SessionManager.isWellFormed(new))
        #expect(try store.session(id: old) == nil)
        let moved = try #require(try store.session(id: new))
        #expect(moved.isIssuedAtClick && moved.csrfToken != oldToken)
        #expect(moved.pagers["p"]?.state.selectedIndex == 1)
        #expect(try store.count() == 1)
        if htmx { #expect(try token(in: body(answer)) == moved.csrfToken) }
        // The old id is a stranger now: a new visitor on the first page, with no session made.
        let stale = get(app, "/p", cookie: old)
        #expect(cookie(of: stale) == nil && body(stale).contains(#"data-selected="0""#))
        #expect(post(app, "/p/select", "page=c&csrf=\(oldToken)", cookie: old).status == .forbidden)
        #expect(try store.count() == 1)
        // The next form works: its page carries the new token.
        let page = get(app, "/p", cookie: new)
        #expect(body(page).contains(#"data-selected="1""#))
        #expect(try token(in: body(page)) == moved.csrfToken)
        let second = post(app, "/p/select", "page=c&csrf=\(moved.csrfToken)", cookie: new)
        #expect(second.status == .seeOther)
        // Later clicks keep the id.
        #expect(cookie(of: second) == nil)
        #expect(try store.session(id: new)?.pagers["p"]?.state.selectedIndex == 2)
    }

    @Test func aRefusedFirstClickReissuesNothing() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let (old, oldToken) = try insertViewedSession(store)
        _ = get(app, "/p", cookie: old)
        #expect(post(app, "/p/select", "page=zz&csrf=\(oldToken)", cookie: old).status == .notFound)
        #expect(
            post(app, "/p/select", "page=b&csrf=\(String(repeating: "0", count: 32))", cookie: old).status
                == .forbidden)
        #expect(
            post(app, "/p/scroll", "offset=x&width=1&csrf=\(oldToken)", cookie: old).status == .badRequest)
        #expect(try store.session(id: old)?.isIssuedAtClick == false)
        #expect(try store.count() == 1)
    }

    @Test func aSQLiteSessionIsReissuedInOneStepAndSurvivesARestart() throws {
        let path = folder.path + "/rotate.sqlite"
        var new = ""
        do {
            let store = try SQLiteSessionStore(path: path)
            let app = try makeApp(store: store)
            let (old, oldToken) = try insertViewedSession(store)
            let first = get(app, "/p/b", cookie: old)
            #expect(try token(in: body(first)) == oldToken)
            let answer = post(app, "/p/scroll", "offset=200&width=80&csrf=\(oldToken)", cookie: old)
            #expect(answer.status == .seeOther)
            new = try #require(cookie(of: answer))
            #expect(try store.session(id: old) == nil)
        }
        let reopened = try SQLiteSessionStore(path: path, cacheCapacity: 0)
        let record = try #require(try reopened.session(id: new))
        #expect(record.isIssuedAtClick)
        #expect(record.pagers["p"]?.state.selectedIndex == 2)
        #expect(record.pagers["p"]?.shownCounts == ["b": 1, "c": 1])
        #expect(try reopened.count() == 1)
    }

    @Test func theCookieIsHostPrefixedOverHTTPSAtTheRoot() throws {
        let store = MemorySessionStore()
        let app = try makeApp(store: store)
        let https: HTTPHeaders = ["X-Forwarded-Proto": "https"]
        // A view sets only the form cookie, with the same attributes.
        let page = request(app, .get, "/p", cookie: nil, headers: [("X-Forwarded-Proto", "https")])
        let viewCookies = setCookies(page)
        #expect(viewCookies.count == 1)
        #expect(viewCookies.first?.hasPrefix("folio_csrf=") == true)
        #expect(
            viewCookies.first?.hasSuffix("; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure") == true)
        let (click, id) = try firstClick(app, "/p", page: "b", headers: https)
        let cookies = setCookies(click)
        #expect(cookies.count == 1)
        let cookie = try #require(cookies.first)
        #expect(
            cookie == "__Host-folio_session=\(id); Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure")
        #expect(!cookie.lowercased().contains("domain="))
        // Read back under that name; a later click sets no cookie.
        let again = request(
            app, .get, "/p", cookie: "__Host-folio_session=\(id)", headers: [("X-Forwarded-Proto", "https")])
        #expect(setCookies(again).isEmpty)
        #expect(body(again).contains(#"data-selected="1""#))
        let later = request(
            app, .post, "/p/select", cookie: "__Host-folio_session=\(id)",
            form: "page=c&csrf=\(try token(in: body(again)))", headers: [("X-Forwarded-Proto", "https")])
        #expect(later.status == .seeOther)
        #expect(setCookies(later).isEmpty)
        // A session begun by a view is reissued under the __Host- name too.
        let (old, oldToken) = try insertViewedSession(store)
        let reissue = request(
            app, .post, "/p/select", cookie: "__Host-folio_session=\(old)", form: "page=b&csrf=\(oldToken)",
            headers: [("X-Forwarded-Proto", "https")])
        #expect(reissue.status == .seeOther)
        #expect(setCookies(reissue).count == 1)
        #expect(setCookies(reissue).first?.hasPrefix("__Host-folio_session=") == true)
        // Plain HTTP: the plain name, no Secure.
        let plainClick = try firstClick(app, "/p").answer
        let plain = try #require(setCookies(plainClick).first)
        #expect(plain.hasPrefix("folio_session=") && !plain.contains("Secure"))
    }

    @Test func whereTheHostNameAppliesAPlainCookieIsNeverReadAndIsExpired() throws {
        let app = try makeApp()
        // A session the attacker made over plain HTTP, planted under the plain name.
        let (planted, plantedToken) = try session(app)
        let https = [("X-Forwarded-Proto", "https")]
        let view = request(app, .get, "/p", cookie: "folio_session=\(planted)", headers: https)
        #expect(!body(view).contains(plantedToken), "the planted session is not the victim's")
        let form = "page=b&from=\(try hidden("from", in: body(view)))&csrf=\(plantedToken)"
        let click = request(
            app, .post, "/p/select", cookie: "folio_session=\(planted)", form: form,
            headers: https + [("Sec-Fetch-Site", "same-origin")])
        #expect(click.status == .forbidden, "the planted session's token is no token of this visitor")
        // The view expired the planted cookie; its own form's first click starts a session of its own.
        #expect(
            setCookies(view).contains("folio_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"))
        let nonce = try #require(setCookie(FolioApp.formCookieName, of: view))
        let answer = request(
            app, .post, "/p/select", cookie: "folio_session=\(planted); folio_csrf=\(nonce)",
            form:
                "page=b&from=\(try hidden("from", in: body(view)))&csrf=\(try hidden("csrf", in: body(view)))",
            headers: https)
        #expect(answer.status == .seeOther)
        let own = try #require(setCookie(FolioApp.hostCookieName, of: answer))
        #expect(own != planted)
        let cookies = setCookies(answer)
        #expect(cookies.first?.hasPrefix("__Host-folio_session=\(own); Path=/;") == true)
        #expect(cookies.last == "folio_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure")
        #expect(
            try app.sessions.session(.anonymous(planted), marksUse: false)?.pagers["p"]?.state.selectedIndex
                == 0)
        let (a, b, c) = (
            String(repeating: "a", count: 32), String(repeating: "b", count: 32),
            String(repeating: "c", count: 32)
        )
        let visitor = Visitor(
            HTTPRequest(
                method: .get, target: "/",
                headers: HTTPHeaders([
                    ("Cookie", "folio_session=\(a)"),
                    ("Cookie", "__Host-folio_session=\(b); __Host-folio_session=\(c)"),
                ])), person: nil, binding: SessionBinding(secret: .random()), readsPlainCookie: true)
        #expect(visitor.sessionClaim == .anonymous(b) && visitor.sessionCookieIsHostPrefixed)
    }

    @Test func underABasePathTheCookieKeepsThePlainName() throws {
        var options = FolioAppOptions(
            templatesDirectory: folder.path + "/templates", publicDirectory: folder.path + "/public")
        options.basePath = "/tools/pager"
        let base = try makeApp()
        // makeApp's data file exists only while it starts; this second start needs it too.
        let dataFile = try folder.write("c.json", #"{"heading": "H3"}"#)
        defer { try? FileManager.default.removeItem(atPath: dataFile) }
        let app = try FolioApp(
            configuration: base.configuration, options: options,
            sessions: SessionManager(store: MemorySessionStore(), clock: clock, random: CountingRandom()))
        let view = try #require(
            setCookies(
                request(app, .get, "/tools/pager/p", cookie: nil, headers: [("X-Forwarded-Proto", "https")])
            )
            .first)
        #expect(view.hasPrefix("folio_csrf=") && view.contains("; Path=/tools/pager/;"))
        let click = try firstClick(app, "/tools/pager/p", headers: ["X-Forwarded-Proto": "https"]).answer
        let cookie = try #require(setCookies(click).first)
        #expect(cookie.hasPrefix("folio_session=") && cookie.contains("; Path=/tools/pager/;"))
        #expect(cookie.hasSuffix("; Secure"))
    }
}

/// Reissuing at the store and manager level.
@Suite struct SessionReissueTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func pager() throws -> PagerRecord {
        PagerRecord(state: try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")]))
    }

    @Test(arguments: ["sqlite", "memory"])
    func aSecondFirstClickWithTheOldIdFindsTheSessionEnded(kind: String) throws {
        let store: any SessionStore =
            kind == "memory" ? MemorySessionStore() : try SQLiteSessionStore(path: folder.path + "/e.sqlite")
        let sessions = SessionManager(store: store, random: CountingRandom())
        // A session begun by a view, as they were before views kept no state.
        let session = SessionRecord(
            id: String(repeating: "ab", count: 16), csrfToken: String(repeating: "cd", count: 16),
            lastSeen: sessions.now, isIssuedAtClick: false)
        try store.insert(session)
        let start = try pager()
        let select = { (record: inout PagerRecord) throws(PagerError) -> [PagerEffect] in
            try record.state.select(index: 1)
        }
        let (_, after, reissued) = try sessions.updatePagerAtClick(
            "p", session: session.id, known: session, initial: { start }, current: { $0 }, select)
        let new = try #require(reissued)
        #expect(new.id != session.id && new.csrfToken != session.csrfToken && new.isIssuedAtClick)
        #expect(try store.session(id: new.id)?.pagers["p"] == after)
        #expect(try store.session(id: session.id) == nil)
        #expect(throws: SessionUpdateError<PagerError>.self) {
            try sessions.updatePagerAtClick(
                "p", session: session.id, known: session, initial: { start }, current: { $0 }, select
            )
        }
        // A session issued at a click keeps its id.
        let back = { (record: inout PagerRecord) throws(PagerError) -> [PagerEffect] in
            try record.state.select(index: 0)
        }
        let (_, _, again) = try sessions.updatePagerAtClick(
            "p", session: new.id, initial: { start }, current: { $0 }, back)
        #expect(again == nil)
    }

    @Test func aDatabaseFromBeforeReissuingGainsTheColumnAndItsSessionsCountAsViewed() throws {
        let path = folder.path + "/old.sqlite"
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute(
                """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY, csrf TEXT NOT NULL, last_seen REAL NOT NULL) WITHOUT ROWID;
                INSERT INTO sessions VALUES ('s1', 't1', 5);
                """)
        }
        let store = try SQLiteSessionStore(path: path)
        let record = try #require(try store.session(id: "s1"))
        #expect(record.csrfToken == "t1" && !record.isIssuedAtClick)
        // Whose it was, no row says: it counts as a person's, out of reach of a bare id.
        #expect(record.isBoundToPerson)
        let fresh = SessionRecord(id: "s2", csrfToken: "t2", lastSeen: 5, isIssuedAtClick: true)
        try store.insert(fresh)
        #expect(try SQLiteSessionStore(path: path).session(id: "s2")?.isBoundToPerson == false)
    }
}
