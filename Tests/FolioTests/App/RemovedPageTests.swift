import FolioCore
import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// Issue 27, item 3: a click on a tab removed since the visitor's page was
/// shown answers with the pager as it is now and a short notice; a bookmark
/// of a removed page is a 404 that links to its pager; a page that never
/// existed stays a 404. Uses `KeyedPagesTests`' generations.
extension AppTests {
    @Test(arguments: [false, true])
    func aClickOnARemovedPageAnswersThePagerAsItIsWithANotice(htmx: Bool) throws {
        let store = MemorySessionStore()
        let old = try generation(Self.fourPages, store: store)
        let id = try firstClick(old, "/p", page: "b").session
        let new = try generation(Self.fourPages.filter { $0.0 != "c" }, store: store)
        // The visitor's open page still shows tab c.
        let answer = try click(new, "c", id, htmx: htmx)
        #expect(answer.status == .ok)
        #expect(answer.headers["Cache-Control"] == "no-store")
        let html = body(answer)
        #expect(
            html.contains(
                #"<div class="folio-notice" role="status"><p class="folio-notice-message">\#(InterfaceStrings.english.pageRemovedNotice)</p></div>"#
            ))
        #expect(html.contains(#"data-selected-key="b""#))
        #expect(!html.contains(#"data-key="c""#))
        #expect(html.contains("<html") != htmx)
        if htmx { #expect(answer.headers["HX-Push-Url"] == "/p/b") }
        #expect(try state(new, cookie: id).selected.key == "b")
        // The next click is an ordinary one.
        #expect(try click(new, "d", id).status == .seeOther)
    }

    @Test func theNoticeIsInThePagersLanguage() throws {
        let store = MemorySessionStore()
        let old = try generation(Self.fourPages, store: store, lang: "zh-Hans")
        let id = try firstClick(old, "/p", page: "d").session
        let new = try generation(Self.fourPages.filter { $0.0 != "d" }, store: store, lang: "zh-Hans")
        let html = body(try click(new, "d", id))
        #expect(html.contains(InterfaceStrings.simplifiedChinese.pageRemovedNotice))
        #expect(!html.contains(InterfaceStrings.english.pageRemovedNotice))
        #expect(html.contains(#"data-selected-key="c""#))
    }

    @Test func aFirstClickOnAFormShownUnderAnEarlierConfigurationGetsTheNotice() throws {
        let store = MemorySessionStore()
        let old = try generation(Self.fourPages, store: store)
        let view = get(old, "/p/c")
        let new = try generation(Self.fourPages.filter { $0.0 != "c" }, store: store)
        let nonce = try #require(setCookie(FolioApp.formCookieName, of: view))
        let form = "page=c&from=c&csrf=\(try hidden("csrf", in: body(view)))"
        let answer = postWithoutSession(new, "/p/select", form, nonce: nonce)
        #expect(answer.status == .ok)
        #expect(body(answer).contains(#"role="status""#))
        #expect(body(answer).contains(#"data-selected-key="a""#))
    }

    @Test func aClickOnAPageThatNeverExistedIsStillNotFound() throws {
        let store = MemorySessionStore()
        let app = try generation(Self.fourPages, store: store)
        let id = try firstClick(app, "/p", page: "b").session
        let answer = try click(app, "zz", id)
        #expect(answer.status == .notFound)
        #expect(body(answer).contains("The pager 'p' has no page 'zz'."))
        #expect(try state(app, cookie: id).selected.key == "b")
    }

    @Test(arguments: ["en", "zh-Hans"])
    func aBookmarkOfARemovedPageIsNotFoundAndLinksToItsPager(lang: String) throws {
        let app = try generation(
            Self.fourPages.filter { $0.0 != "c" }, store: MemorySessionStore(), lang: lang)
        let answer = app.handle(HTTPRequest(method: .get, target: "/p/c", headers: ["Accept": "text/html"]))
        #expect(answer.status == .notFound)
        let strings = InterfaceStrings.forLanguage(lang)
        #expect(
            body(answer).contains(
                #"<a class="folio-error-pager" href="/p">\#(strings.openPager("Pager"))</a>"#))
        // Other errors have no pager to link to.
        let noPager = app.handle(HTTPRequest(method: .get, target: "/zz", headers: ["Accept": "text/html"]))
        #expect(noPager.status == .notFound && !body(noPager).contains("folio-error-pager"))
    }
}
