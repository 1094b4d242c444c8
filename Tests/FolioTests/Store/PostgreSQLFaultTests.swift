import Dispatch
import FolioCore
import Foundation
import Testing

@testable import Folio

/// The database going away and coming back, on a cluster of the test's own
/// (scripts/postgres): every call fails promptly with `StoreError`, and the
/// same store works again once the database does, with no restart.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLFaultTests {
    func record(selecting index: Int) throws -> PagerRecord {
        var state = try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")])
        _ = try state.select(index: index)
        return PagerRecord(state: state)
    }

    /// Runs `call`, expecting a `StoreError` within `limit` seconds.
    func expectPromptFailure(
        _ what: String, within limit: Double = 4, _ call: () throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let started = DispatchTime.now()
        var failed = false
        do { try call() } catch { failed = error is StoreError }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        #expect(failed, "\(what) did not throw StoreError", sourceLocation: sourceLocation)
        #expect(seconds < limit, "\(what) took \(seconds) s", sourceLocation: sourceLocation)
    }

    @Test func aStoppedDatabaseFailsEveryCallPromptlyAndTheStoreRecoversWhenItIsBack() throws {
        let server = try ThrowawayPostgreSQL()
        let store = try PostgreSQLSessionStore(url: server.url + "?pool=2")
        try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1, isIssuedAtClick: true))
        // Both connections in the pool, so both go stale when the server stops.
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? store.count() }

        let clicked = try record(selecting: 1)

        try server.stop()
        expectPromptFailure("a read") { _ = try store.session(id: "s1") }
        expectPromptFailure("a save") { try store.save(clicked, pager: "p", session: "s1", lastSeen: 2) }
        expectPromptFailure("an insert") {
            try store.insert(SessionRecord(id: "s2", csrfToken: "t", lastSeen: 2))
        }
        expectPromptFailure("the secret") {
            _ = try store.serverSecret(storingIfAbsent: Array(repeating: 1, count: 32))
        }
        expectPromptFailure("a count") { _ = try store.count() }
        let completion = DispatchSemaphore(value: 0)
        store.save(clicked, pager: "p", session: "s1", lastSeen: 2) { error in
            #expect(error != nil)
            completion.signal()
        }
        #expect(completion.wait(timeout: .now() + 4) == .success)
        expectPromptFailure("opening a store") { _ = try PostgreSQLSessionStore(url: server.url) }

        try server.start()
        // The same store object, no restart: nothing failed was kept, and it works again.
        #expect(try store.session(id: "s1")?.pagers == [:])
        try store.save(clicked, pager: "p", session: "s1", lastSeen: 3)
        #expect(try store.session(id: "s1")?.pagers["p"] == clicked)
        #expect(try store.count() == 1)
    }

    @Test func aRestartBetweenCallsCostsNoCall() throws {
        let server = try ThrowawayPostgreSQL()
        let store = try PostgreSQLSessionStore(url: server.url + "?pool=2")
        try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = try? store.count() }
        // Every pooled connection is now one the old server closed.
        try server.stop()
        try server.start()
        #expect(try store.session(id: "s1")?.csrfToken == "t1")
        try store.save(try record(selecting: 1), pager: "p", session: "s1", lastSeen: 2)
        #expect(try store.count() == 1)
    }

    @Test func aDatabaseDownAtStartIsAClearStartupError() throws {
        let server = try ThrowawayPostgreSQL()
        try server.stop()
        let started = DispatchTime.now()
        #expect {
            _ = try StateLocation(argument: server.url).openStore()
        } throws: { error in
            let message = "\(error)"
            return error is FolioStartupError
                && message.contains("state store postgresql://postgres@127.0.0.1")
                && message.contains("cannot connect to PostgreSQL")
        }
        #expect(Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 < 4)
    }
}
