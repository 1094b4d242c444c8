import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// Views of visitors without a session keep no state: their form is
/// signed and bound to the `folio_csrf` nonce, and the first click creates
/// the session. Uses `AppTests`' templates and pager (a, b inline; c from a
/// missing file).
@Suite struct StatelessViewTests {
    let fixture: AppTests

    init() throws { fixture = try AppTests() }

    /// `POST path` with `form`, the cookie header `cookie` (if any) and `extra` headers.
    func post(
        _ app: FolioApp, to path: String = "/p/select", _ form: String, cookie: String?,
        headers extra: HTTPHeaders = [:]
    )
        -> HTTPResponse
    {
        var headers = extra
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        if let cookie { headers.add(name: "Cookie", value: cookie) }
        return app.handle(HTTPRequest(method: .post, target: path, headers: headers, body: Array(form.utf8)))
    }

    /// A token as a view would sign it, with `nonce` (16 bytes) issued at `issuedAt`.
    func token(_ nonce: [UInt8], issuedAt: Double, secret: ServerSecret) -> String {
        SignedFormToken(nonce: nonce, issuedAt: Int(issuedAt)).encoded(secret: secret)
    }

    func nonceCookie(_ nonce: [UInt8]) -> String {
        "\(FolioApp.formCookieName)=\(Hex.encode(nonce))"
    }

    @Test func aHundredCookielessViewsLeaveNoSession() throws {
        let store = try fixture.durableStore()
        let app = try fixture.makeApp(store: store)
        for _ in 0..<100 {
            for path in ["/p", "/p/b", "/p/fragment"] {
                let response = fixture.get(app, path)
                #expect(response.status == .ok, "\(path)")
                #expect(fixture.cookie(of: response) == nil, "\(path)")
            }
        }
        #expect(try store.count() == 0)
    }

    @Test func aCookielessViewOnADurableStoreIsAnsweredOnTheLoopWhenItsDataIsAtHand() throws {
        let app = try fixture.makeApp(store: try fixture.durableStore())
        for path in ["/p", "/p/b", "/p/fragment"] {
            guard case .answer(let response) = app.disposition(for: HTTPRequest(method: .get, target: path))
            else {
                Issue.record("\(path) blocks")
                continue
            }
            #expect(response.status == .ok, "\(path)")
            #expect(fixture.setCookie(FolioApp.formCookieName, of: response) != nil, "\(path)")
        }
        // Page c's data is read from a file when first shown: that may block.
        if case .answer = app.disposition(for: HTTPRequest(method: .get, target: "/p/c")) {
            Issue.record("/p/c must load its data first")
        }
    }

    @Test func aFirstClickWithABoundTokenCreatesOneSessionFromTheShownPage() throws {
        let store = try fixture.durableStore()
        let app = try fixture.makeApp(store: store)
        let (answer, id) = try fixture.firstClick(app, "/p/b", page: "a")
        #expect(answer.status == .seeOther)
        #expect(answer.headers["Location"] == "/p/a")
        #expect(try store.count() == 1)
        let record = try #require(try store.session(id: id))
        #expect(record.isIssuedAtClick)
        let pager = try #require(record.pagers["p"])
        #expect(pager.state.selectedIndex == 0)
        #expect(pager.shownCounts == ["b": 1, "a": 1])
    }

    @Test func refusedSignedTokensCreateNoSession() throws {
        let store = MemorySessionStore()
        let app = try fixture.makeApp(store: store)
        let nonce = [UInt8](repeating: 7, count: 16)
        let now = app.sessions.now
        let other = try ServerSecret(bytes: [UInt8](repeating: 9, count: 32))
        let expired = now - app.options.sessions.idleTimeout - 10
        let cases: [(String, String, String)] = [
            ("another secret", token(nonce, issuedAt: now, secret: other), nonceCookie(nonce)),
            ("expired", token(nonce, issuedAt: expired, secret: app.secret), nonceCookie(nonce)),
            (
                "another browser's folio_csrf", token(nonce, issuedAt: now, secret: app.secret),
                nonceCookie([UInt8](repeating: 8, count: 16))
            ),
        ]
        for (what, signed, cookie) in cases {
            let answer = post(
                app, "page=b&from=a&csrf=\(signed)", cookie: cookie, headers: ["Host": "folio.test"])
            #expect(answer.status == .forbidden, "\(what)")
            #expect(fixture.cookie(of: answer) == nil, "\(what)")
        }
        // Without the cookie, neither is a token enough.
        let bound = token(nonce, issuedAt: now, secret: app.secret)
        #expect(
            post(app, "page=b&from=a&csrf=\(bound)", cookie: nil, headers: ["Host": "folio.test"]).status
                == .forbidden)
        #expect(try store.count() == 0)
        // The same token is accepted where the browser says the post is same-origin.
        let vouched = post(
            app, "page=b&from=a&csrf=\(bound)", cookie: nil,
            headers: ["Host": "folio.test", "Origin": "http://folio.test"])
        #expect(vouched.status == .seeOther)
        #expect(fixture.cookie(of: vouched) != nil)
        #expect(try store.count() == 1)
    }

    @Test func aCrossSitePostIsRefused() throws {
        let store = MemorySessionStore()
        let app = try fixture.makeApp(store: store)
        let nonce = [UInt8](repeating: 7, count: 16)
        let signed = token(nonce, issuedAt: app.sessions.now, secret: app.secret)
        let answer = post(
            app, "page=b&from=a&csrf=\(signed)", cookie: nonceCookie(nonce),
            headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(answer.status == .forbidden)
        #expect(fixture.cookie(of: answer) == nil)
        #expect(try store.count() == 0)
    }

    @Test func aReturnTargetOnAnotherHostIsRefused() throws {
        let store = MemorySessionStore()
        let app = try fixture.makeApp(store: store)
        #expect(fixture.get(app, "/p?return=//evil").status == .badRequest)
        let nonce = [UInt8](repeating: 7, count: 16)
        let signed = token(nonce, issuedAt: app.sessions.now, secret: app.secret)
        let answer = post(app, "page=b&from=a&return=%2F%2Fevil&csrf=\(signed)", cookie: nonceCookie(nonce))
        #expect(answer.status == .badRequest)
        #expect(fixture.cookie(of: answer) == nil)
        #expect(try store.count() == 0)
    }

    @Test func aFirstClickReturnsToExactlyTheEmbeddingPage() throws {
        let app = try fixture.makeApp()
        let view = fixture.get(app, "/p?return=%2Fportal%3Fx%3D1")
        #expect(try fixture.hidden("return", in: fixture.body(view)) == "/portal?x=1")
        let (answer, _) = try fixture.firstClick(app, "/p?return=%2Fportal%3Fx%3D1", page: "b")
        #expect(answer.status == .seeOther)
        #expect(answer.headers["Location"] == "/portal?x=1")
    }

    @Test func anHTMXClickWithAReturnTargetPushesNoURL() throws {
        let app = try fixture.makeApp()
        let (answer, _) = try fixture.firstClick(
            app, "/p?return=%2Fportal", page: "b", headers: ["HX-Request": "true"])
        #expect(answer.status == .ok)
        #expect(answer.headers["HX-Push-Url"] == nil)
        #expect(answer.headers["Vary"] == "HX-Request")
        #expect(fixture.body(answer).contains(#"data-selected="1""#))
    }

    @Test(arguments: ["from=gone&", ""])
    func aFormNamingNoPageItWasShownOnStartsTheSessionOnTheFirstPage(from: String) throws {
        // `from` names a page removed since the form was shown, or the form
        // is from before `from` existed: either way the first page is where
        // the session starts, and the click applies.
        let store = MemorySessionStore()
        let app = try fixture.makeApp(store: store)
        let nonce = [UInt8](repeating: 7, count: 16)
        let signed = token(nonce, issuedAt: app.sessions.now, secret: app.secret)
        let answer = post(app, "page=b&\(from)csrf=\(signed)", cookie: nonceCookie(nonce))
        #expect(answer.status == .seeOther)
        let id = try #require(fixture.cookie(of: answer))
        #expect(try store.session(id: id)?.pagers["p"]?.shownCounts == ["a": 1, "b": 1])
    }

    /// Two tabs opened before the first click: both forms carry signed
    /// tokens; once one tab's click made the session, the other tab's click
    /// lands in that same session instead of starting a second one.
    @Test func aSecondTabsSignedTokenClicksIntoTheSessionTheFirstTabMade() throws {
        let store = MemorySessionStore()
        let app = try fixture.makeApp(store: store)
        let secondTab = fixture.get(app, "/p")
        let nonce = try #require(fixture.setCookie(FolioApp.formCookieName, of: secondTab))
        let (_, id) = try fixture.firstClick(app, "/p", page: "b")
        let answer = post(
            app, "page=a&from=a&csrf=\(try fixture.hidden("csrf", in: fixture.body(secondTab)))",
            cookie: "\(FolioApp.cookieName)=\(id); \(FolioApp.formCookieName)=\(nonce)",
            headers: ["Sec-Fetch-Site": "same-origin"])
        #expect(answer.status == .seeOther)
        #expect(fixture.cookie(of: answer) == nil, "the session stays the one the first tab made")
        #expect(try store.count() == 1)
        #expect(try store.session(id: id)?.pagers["p"]?.state.selectedIndex == 0)
    }

    /// The state JSON is the projection the markup was rendered from.
    @Test func theStateJSONIsTheProjectionThePageShows() throws {
        let app = try fixture.makeApp()
        let (_, id) = try fixture.firstClick(app, "/p", page: "b")
        let page = fixture.body(fixture.get(app, "/p", cookie: id))
        let json = fixture.get(app, "/p/state", cookie: id).body.collectedBytes() ?? []
        let projection = try JSONDecoder().decode(PagerProjection.self, from: Data(json))
        #expect(projection.selected == PagerProjection.Selection(index: 1, key: "b"))
        #expect(page.contains(#"data-selected="\#(projection.selected.index)""#))
        #expect(projection.loadedKeys == ["a", "b"])
        #expect(projection.pages.map(\.shownCount) == [1, 1, 0])
    }
}
