import FolioCore
import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// Issue 27, items 2 and 4: two generations of a configuration (two
/// `FolioApp`s over one store, as a reload runs them side by side) read
/// each other's records; selections, shown counts and loaded pages are kept
/// by key, and the state JSON says what changed. Uses `AppTests`' helpers
/// with Folio's own templates.
extension AppTests {
    /// Pager `p` with `pages` (key, title), and pager `q` (pages `x`, `y`) unless left out.
    func generation(
        _ pages: [(String, String)], store: any SessionStore, withQ: Bool = true, lang: String = "en"
    ) throws -> FolioApp {
        try folder.write("keyed/content/k.html", #"<p class="k" tal:content="page/title">k</p>"#)
        func pager(_ key: String, _ pages: [(String, String)]) -> PagerConfiguration {
            PagerConfiguration(
                key: key, title: key == "p" ? "Pager" : "Queue",
                pages: pages.map {
                    PageConfiguration(
                        key: $0.0, title: $0.1, template: "content/k.html", source: .inline(json: "{}"))
                })
        }
        var configuration = FolioConfiguration(
            title: "Keyed",
            pagers: [pager("p", pages)] + (withQ ? [pager("q", [("x", "X"), ("y", "Y")])] : []))
        configuration.lang = lang
        let options = FolioAppOptions(
            templatesDirectory: folder.path + "/keyed", publicDirectory: folder.path + "/public")
        return try FolioApp(
            configuration: configuration, options: options,
            sessions: SessionManager(store: store, clock: clock, random: CountingRandom()))
    }

    static let fourPages = [("a", "A"), ("b", "B"), ("c", "C"), ("d", "D")]

    func state(_ app: FolioApp, _ pager: String = "p", cookie: String) throws -> PagerProjection {
        let answer = get(app, "/\(pager)/state", cookie: cookie)
        #expect(answer.status == .ok)
        return try JSONDecoder().decode(PagerProjection.self, from: Data(body(answer).utf8))
    }

    /// A click on `page` of pager `pager` in session `id`, with its token.
    func click(_ app: FolioApp, _ page: String, _ id: String, pager: String = "p", htmx: Bool = false)
        throws -> HTTPResponse
    {
        let token = try #require(try app.sessions.session(.anonymous(id), marksUse: false)).csrfToken
        return post(
            app, "/\(pager)/select", "page=\(page)&csrf=\(token)", cookie: id,
            headers: htmx ? ["HX-Request": "true"] : [:])
    }

    static let stores: [Bool] = [false, true]

    func store(durable: Bool) throws -> any SessionStore {
        durable ? try durableStore() : MemorySessionStore()
    }

    @Test(arguments: stores)
    func theSelectionSurvivesInsertingRemovingReorderingAndRetitlingPages(durable: Bool) throws {
        let store = try store(durable: durable)
        let old = try generation(Self.fourPages, store: store)
        let id = try firstClick(old, "/p", page: "b").session
        #expect(try click(old, "c", id).status == .seeOther)
        let new = try generation([("new", "New"), ("d", "D"), ("c", "See"), ("b", "B")], store: store)
        let adapted = try state(new, cookie: id)
        #expect(adapted.selected == .init(index: 2, key: "c"))
        #expect(adapted.pages.map(\.title) == ["New", "D", "See", "B"])
        #expect(adapted.loadedKeys == ["c", "b"])
        #expect(adapted.pages.map(\.shownCount) == [0, 0, 1, 1])
        #expect(
            adapted.pagesChanged
                == PagesChange(added: ["new"], removed: ["a"], moved: ["d", "b"], retitled: ["c"]))
        let page = get(new, "/p", cookie: id)
        #expect(page.status == .ok)
        #expect(body(page).contains(#"data-selected-key="c""#))
        // The view saved the adapted record; its note stays until the next click.
        #expect(try store.session(id: id)?.pagers["p"]?.pagesChanged?.removed == ["a"])
        #expect(try state(new, cookie: id).pagesChanged?.removed == ["a"])
        #expect(try click(new, "d", id).status == .seeOther)
        #expect(try state(new, cookie: id).pagesChanged == nil)
        // The old generation reads the record the new one saved, and carries it back.
        let back = try state(old, cookie: id)
        #expect(back.selected == .init(index: 3, key: "d"))
        #expect(back.pages.map(\.shownCount) == [1, 1, 1, 1])
        #expect(back.pagesChanged?.added == ["a"])
        #expect(try click(old, "a", id).status == .seeOther)
        // Page a is gone again: the selection lands on its right neighbour.
        #expect(try state(new, cookie: id).selected == .init(index: 3, key: "b"))
    }

    @Test(arguments: ["a", "d", "b"])
    func aSessionWhosePageWasRemovedLandsOnItsNearestRemainingNeighbour(selected: String) throws {
        let store = MemorySessionStore()
        let old = try generation(Self.fourPages, store: store)
        let id = try firstClick(old, "/p", page: selected).session
        let new = try generation(Self.fourPages.filter { $0.0 != selected }, store: store)
        let landed = ["a": "b", "d": "c", "b": "c"][selected]!
        let adapted = try state(new, cookie: id)
        #expect(adapted.selected.key == landed)
        #expect(
            adapted.pagesChanged?.selectionMoved
                == SelectionMove(from: selected, to: landed, reason: .nearestRemainingNeighbour))
        #expect(body(get(new, "/p", cookie: id)).contains(#"data-selected-key="\#(landed)""#))
    }

    @Test(arguments: stores)
    func aRemovedPagersRecordIsKeptAndComesBackWithIt(durable: Bool) throws {
        let store = try store(durable: durable)
        let both = try generation(Self.fourPages, store: store)
        let id = try firstClick(both, "/p", page: "b").session
        #expect(try click(both, "y", id, pager: "q").status == .seeOther)
        let withoutQ = try generation(Self.fourPages, store: store, withQ: false)
        #expect(get(withoutQ, "/q", cookie: id).status == .notFound)
        #expect(try click(withoutQ, "c", id).status == .seeOther)
        #expect(try store.session(id: id)?.pagers["q"]?.state.selectedPage.key == "y")
        let again = try generation(Self.fourPages, store: store)
        #expect(try state(again, "q", cookie: id).selected.key == "y")
        #expect(try state(again, cookie: id).selected.key == "c")
    }

    /// Issue 27 item 4: requests alternate between the two generations of
    /// one session, each clicking pages in its own configuration: none fails
    /// and the record always reads back.
    @Test(arguments: stores)
    func noRequestFailsWhileTwoGenerationsServeOneStore(durable: Bool) throws {
        let store = try store(durable: durable)
        let old = try generation(Self.fourPages, store: store)
        let new = try generation([("d", "D"), ("e", "E"), ("b", "Bee")], store: store, withQ: false)
        let id = try firstClick(old, "/p", page: "a").session
        var statuses: [Int] = []
        for round in 0..<12 {
            let (app, pages) = round % 2 == 0 ? (new, ["d", "e", "b"]) : (old, ["a", "b", "c", "d"])
            let page = pages[round % pages.count]
            statuses.append(try click(app, page, id, htmx: round % 3 == 0).status.code)
            statuses.append(get(app, "/p", cookie: id).status.code)
            statuses.append(get(app, "/p/state", cookie: id).status.code)
            #expect(try state(app, cookie: id).selected.key == page, "round \(round)")
            #expect(try store.session(id: id)?.pagers["p"] != nil)
        }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 303 }, "\(statuses)")
    }
}

/// The same on PostgreSQL, where a save is conditional on the record read:
/// the adapted record is saved on the condition that the one stored (not
/// the adapted one) is still there, so adapting never reads as a conflict.
extension AppTests {
    @Test(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
    func twoGenerationsOnPostgreSQLKeepTheSelectionByKeyBothWays() throws {
        let url = try PostgreSQLTestServer.freshDatabase()
        let old = try generation(Self.fourPages, store: try PostgreSQLSessionStore(url: url))
        let new = try generation(
            [("d", "D"), ("c", "See"), ("e", "E")], store: try PostgreSQLSessionStore(url: url), withQ: false)
        let id = try firstClick(old, "/p", page: "b").session
        // b was removed: its right neighbour c, as the view saved it.
        #expect(body(get(new, "/p", cookie: id)).contains(#"data-selected-key="c""#))
        #expect(try state(new, cookie: id).pagesChanged?.selectionMoved?.to == "c")
        for (clicked, other, page) in [(new, old, "e"), (old, new, "a"), (new, old, "d"), (old, new, "c")] {
            #expect(try click(clicked, page, id).status == .seeOther)
            #expect(try state(clicked, cookie: id).selected.key == page)
            // Pages both generations have: the other shows the same selection.
            if ["c", "d"].contains(page) { #expect(try state(other, cookie: id).selected.key == page) }
        }
    }
}
