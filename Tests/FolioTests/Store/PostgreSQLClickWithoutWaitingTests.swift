import Dispatch
import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A click of a PostgreSQL session decided in its read's completion and
/// answered from its save's: only once the save is what another instance
/// reads, and on the blocking path when it cannot be decided there.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLClickWithoutWaitingTests {
    let url: String
    let id = String(repeating: "a", count: 32)

    init() throws { url = try PostgreSQLTestServer.freshDatabase() }

    func record(selecting index: Int) throws -> PagerRecord {
        var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") })
        _ = try state.send(.appeared)
        _ = try state.select(index: index)
        return PagerRecord(state: state, shownCounts: ["p\(index)": 1])
    }

    /// Clicks page `index` of pager `x`; returns what ran: the answer (with
    /// the page another store read then), `rejected` or `otherwise`.
    func click(_ sessions: SessionManager, _ index: Int, reader: PostgreSQLSessionStore) -> String {
        let outcome = LockedValue("")
        let done = DispatchSemaphore(value: 0)
        let started = sessions.updatePagerReadingWithoutWaiting(
            "x", claim: SessionClaim(id: id, isBoundToPerson: false), isCurrent: { _ in true },
            { (record) throws(PagerError) -> Int in
                _ = try record.state.select(index: index)
                return index
            },
            prepare: { result, _, _ in result },
            answer: { _, error in
                let stored = try? reader.session(id: id)?.pagers["x"]?.state.selectedIndex
                outcome.withLock {
                    $0 = error == nil ? "answered, stored \(stored.map(String.init) ?? "-")" : "failed"
                }
                done.signal()
            },
            rejected: { _ in
                outcome.withLock { $0 = "rejected" }
                done.signal()
            },
            unavailable: { _ in
                outcome.withLock { $0 = "unavailable" }
                done.signal()
            },
            otherwise: {
                outcome.withLock { $0 = "otherwise" }
                done.signal()
            })
        guard started else { return "not started" }
        done.wait()
        return outcome.withLock { $0 }
    }

    @Test func aClickIsAnsweredOnlyOnceAnotherInstanceReadsItsSave() throws {
        let store = try PostgreSQLSessionStore(url: url)
        try store.insert(
            SessionRecord(
                id: id, csrfToken: "t", lastSeen: Date().timeIntervalSince1970,
                pagers: ["x": try record(selecting: 0)], isIssuedAtClick: true))
        let sessions = SessionManager(store: store)
        let reader = try PostgreSQLSessionStore(url: url)
        #expect(click(sessions, 2, reader: reader) == "answered, stored 2")
        #expect(click(sessions, 3, reader: reader) == "answered, stored 3")
        #expect(click(sessions, 9, reader: reader) == "rejected")
    }

    @Test func aSessionNotIssuedAtAClickGoesToTheBlockingPath() throws {
        let store = try PostgreSQLSessionStore(url: url)
        try store.insert(
            SessionRecord(
                id: id, csrfToken: "t", lastSeen: Date().timeIntervalSince1970,
                pagers: ["x": try record(selecting: 0)], isIssuedAtClick: false))
        let reader = try PostgreSQLSessionStore(url: url)
        #expect(click(SessionManager(store: store), 2, reader: reader) == "otherwise")
        #expect(try reader.session(id: id)?.pagers["x"]?.state.selectedIndex == 0)
    }
}
