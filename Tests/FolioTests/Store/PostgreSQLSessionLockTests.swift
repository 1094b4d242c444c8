import Dispatch
import FolioCore
import FolioSync
import Testing

@testable import Folio

/// Saves of one session from several instances at once: each is applied
/// whole, one after the other, behind the session's row lock.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLSessionLockTests {
    let url: String

    init() throws { url = try PostgreSQLTestServer.freshDatabase() }

    func record(selecting index: Int) throws -> PagerRecord {
        var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") })
        _ = try state.select(index: index)
        return PagerRecord(state: state, shownCounts: ["p\(index)": index])
    }

    @Test func aSaveWaitsForAnotherInstancesOpenWriteOfTheSession() throws {
        let store = try PostgreSQLSessionStore(url: url)
        try store.insert(
            SessionRecord(id: "s0", csrfToken: "t", lastSeen: 1, pagers: ["x": try record(selecting: 0)]))
        // Another instance's write of the session, not committed yet (a
        // touch: it locks the row without conflicting with a pager row's key check).
        let other = try PostgreSQLConnection(conninfo: url)
        try other.execute("BEGIN")
        try other.execute("UPDATE sessions SET last_seen = $1 WHERE id = $2", [.real(5), .text("s0")])
        let done = DispatchSemaphore(value: 0)
        store.save(try record(selecting: 2), pager: "x", session: "s0", lastSeen: 1) { error in
            #expect(error == nil)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.5) == .timedOut, "the save went past the row lock")
        try other.execute("COMMIT")
        #expect(done.wait(timeout: .now() + 5) == .success)
        let stored = try #require(try store.session(id: "s0"))
        #expect(stored.pagers["x"] == (try record(selecting: 2)) && stored.lastSeen == 5)
    }

    @Test func concurrentSavesOfOneSessionOnTwoInstancesAllCommitWhole() throws {
        let instances = [try PostgreSQLSessionStore(url: url), try PostgreSQLSessionStore(url: url)]
        try instances[0].insert(
            SessionRecord(id: "s0", csrfToken: "t", lastSeen: 1, pagers: ["x": try record(selecting: 0)]))
        let records = try (0..<4).map { try record(selecting: $0) }
        let failures = LockedValue<[StoreError]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            do throws(StoreError) {
                try instances[index % 2].save(
                    records[index % 4], pager: "x", session: "s0", lastSeen: Double(index))
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let stored = try #require(try instances[1].session(id: "s0")?.pagers["x"])
        #expect(records.contains(stored))
    }
}
