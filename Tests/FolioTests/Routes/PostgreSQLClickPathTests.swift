import FolioHTTP
import Testing

@testable import Folio

/// On PostgreSQL a click of a session is read in a batch and decided in
/// the read's completion; the clicks that cannot be answered from there
/// go on to a worker with what was decided, and are answered all the same.
/// Uses `AppTests`' templates and pager (page c's data loads from a file).
extension AppTests {
    @Test(
        .enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason),
        .timeLimit(.minutes(1)))
    func aClickOfASessionBegunByAViewIsReissuedOnPostgreSQL() throws {
        let store = try PostgreSQLSessionStore(url: try PostgreSQLTestServer.freshDatabase())
        let app = try makeApp(store: store)
        let planted = String(repeating: "ab", count: 16)
        let token = String(repeating: "cd", count: 16)
        try store.insert(
            SessionRecord(id: planted, csrfToken: token, lastSeen: clock.now, isIssuedAtClick: false))

        let answer = post(app, "/p/select", "page=b&csrf=\(token)", cookie: planted)
        #expect(answer.status == .seeOther)
        let reissued = try #require(cookie(of: answer), "the click sets the new id's cookie")
        #expect(reissued != planted)
        #expect(try store.session(id: planted) == nil, "the planted id finds nothing after the click")
        #expect(body(get(app, "/p", cookie: reissued)).contains(#"data-selected="1""#))
    }

    @Test(
        .enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason),
        .timeLimit(.minutes(1)))
    func aClickWhosePageDataMustLoadFirstIsAnsweredOnPostgreSQL() throws {
        let app = try makeApp(
            store: try PostgreSQLSessionStore(url: try PostgreSQLTestServer.freshDatabase()))
        let (_, id) = try firstClick(app, "/p", page: "b")
        let token = try hidden("csrf", in: body(get(app, "/p", cookie: id)))

        // Page c's data has never been read: the click waits for it on a worker.
        let answer = post(
            app, "/p/select", "page=c&csrf=\(token)", cookie: id, headers: ["HX-Request": "true"])
        #expect(answer.status == .ok)
        #expect(body(answer).contains(#"data-selected="2""#))
        #expect(cookie(of: answer) == nil, "a session issued at a click keeps its id")
        #expect(body(get(app, "/p", cookie: id)).contains(#"data-selected="2""#))
    }
}
