import FolioHTTP
import Testing

@testable import Folio

/// Two Folio instances on one PostgreSQL database, as behind a load
/// balancer without sticky sessions: what a click answered by one is what
/// the other shows on the very next request. Uses `AppTests`' templates and pager.
extension AppTests {
    @Test(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
    func aClickOnOneInstanceIsWhatAnotherShowsNextWithPostgreSQL() throws {
        let url = try PostgreSQLTestServer.freshDatabase()
        let instanceA = try makeApp(store: try PostgreSQLSessionStore(url: url))
        let instanceB = try makeApp(store: try PostgreSQLSessionStore(url: url))

        let (created, id) = try firstClick(instanceA, "/p/b", page: "c")
        #expect(created.status == .seeOther)
        let onB = get(instanceB, "/p", cookie: id)
        #expect(body(onB).contains(#"data-selected="2""#))

        // Clicks alternate between the instances; each shows the other's last.
        let token = try hidden("csrf", in: body(onB))
        for (index, page) in ["a", "b", "c", "a"].enumerated() {
            let (clicked, other) = index.isMultiple(of: 2) ? (instanceB, instanceA) : (instanceA, instanceB)
            let answer = post(clicked, "/p/select", "page=\(page)&csrf=\(token)", cookie: id)
            #expect(answer.status == .seeOther, "click \(index)")
            let position = ["a": 0, "b": 1, "c": 2][page]!
            #expect(
                body(get(other, "/p", cookie: id)).contains(#"data-selected="\#(position)""#),
                "click \(index)")
        }
    }

    @Test(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
    func withPostgreSQLDownClicksAre503AndViewsStillShowThenAllWorksAgain() throws {
        let server = try ThrowawayPostgreSQL()
        let app = try makeApp(store: try PostgreSQLSessionStore(url: server.url))
        let (_, id) = try firstClick(app, "/p/b", page: "c")
        let token = try hidden("csrf", in: body(get(app, "/p", cookie: id)))

        try server.stop()
        let view = get(app, "/p/b")
        #expect(view.status == .ok && body(view).contains(#"data-selected="1""#))
        let click = post(app, "/p/select", "page=a&csrf=\(token)", cookie: id)
        #expect(click.status == .serviceUnavailable)
        #expect(body(click).contains("unavailable right now"))
        // libpq's words and the database's address are for the log only.
        #expect(!body(click).contains("PostgreSQL") && !body(click).contains("127.0.0.1"))
        #expect(get(app, "/healthz").status == .ok)

        try server.start()
        #expect(
            body(get(app, "/p", cookie: id)).contains(#"data-selected="2""#),
            "the failed click changed nothing")
        #expect(post(app, "/p/select", "page=a&csrf=\(token)", cookie: id).status == .seeOther)
        #expect(body(get(app, "/p", cookie: id)).contains(#"data-selected="0""#))
    }
}
