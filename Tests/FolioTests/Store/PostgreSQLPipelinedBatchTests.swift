import Dispatch
import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A batch sent as pipelined rounds keeps the group commit's promises: a
/// write refused alone fails alone, a batch cut off midway keeps nothing.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLPipelinedBatchTests: PostgreSQLBatchFixture {
    let url: String

    init() throws { url = try PostgreSQLTestServer.freshDatabase() }

    func save(_ id: String, _ index: Int, ifStill expected: PagerRecord?? = nil) throws -> SessionWrite {
        .savePager(
            session: id, pager: "x", record: try record(selecting: index).storedJSON, lastSeen: 2,
            expected: expected.map { ExpectedPager(record: $0) })
    }

    func selected(_ id: String) throws -> Int? {
        try PostgreSQLSessionStore(url: url).session(id: id)?.pagers["x"]?.state.selectedIndex
    }

    @Test func aSaveOfADeletedSessionAndAStaleConditionalSaveFailAloneInTheirBatch() throws {
        let store = try store(withSessions: 4)
        try PostgreSQLConnection(conninfo: url).execute("DELETE FROM sessions WHERE id = $1", [.text("s1")])
        let outcomes = try store.commitNow([
            try save("s0", 1), try save("s1", 2), try save("s2", 3, ifStill: .some(try record(selecting: 2))),
            try save("s3", 1, ifStill: .some(try record(selecting: 0))),
        ])
        #expect(outcomes[0] == nil && outcomes[3] == nil)
        #expect(outcomes[1] != nil && outcomes[1]?.isConflict == false)
        #expect(outcomes[2]?.isConflict == true)
        #expect(try selected("s0") == 1)
        #expect(try selected("s1") == nil)
        #expect(try selected("s2") == 0)
        #expect(try selected("s3") == 1)
    }

    /// A round of many saves is sent as one statement per kind over arrays
    /// (`PostgreSQLRound`); it must mean what the saves one by one meant.
    @Test func aBatchSavingOnePagerTwiceKeepsTheLastAndAnOddIdIsItself() throws {
        let store = try store(withSessions: 2)
        let odd = #"a "quoted", back\slash {NULL} é ☃"#
        try store.insert(
            SessionRecord(id: odd, csrfToken: "t", lastSeen: 1, pagers: ["NULL": try record(selecting: 0)]))
        let oddSave = SessionWrite.savePager(
            session: odd, pager: "NULL", record: try record(selecting: 3).storedJSON, lastSeen: 5,
            expected: ExpectedPager(record: try record(selecting: 0)))
        let outcomes = try store.commitNow([
            try save("s0", 1), try save("s1", 2, ifStill: .some(try record(selecting: 0))), oddSave,
            try save("s0", 3), .touch([(session: "s1", lastSeen: 9), (session: "s1", lastSeen: 7)]),
        ])
        #expect(outcomes.allSatisfy { $0 == nil })
        #expect(try selected("s0") == 3)
        #expect(try selected("s1") == 2)
        let read = try #require(try PostgreSQLSessionStore(url: url).session(id: odd))
        #expect(read.pagers["NULL"] == (try record(selecting: 3)))
        #expect(read.lastSeen == 5)
        #expect(try PostgreSQLSessionStore(url: url).session(id: "s1")?.lastSeen == 9)
    }

    /// A constraint that refuses one save of a joined round cannot say
    /// which: the batch is run again unjoined and only that save fails.
    @Test func aSaveAConstraintRefusesFailsAloneThoughItsRoundWasJoined() throws {
        let store = try store(withSessions: 3)
        let small = try record(selecting: 1).storedJSON.count
        try PostgreSQLConnection(conninfo: url).execute(
            "ALTER TABLE pagers ADD CONSTRAINT test_small CHECK (length(record) <= \(small))")
        var large = try record(selecting: 2)
        large.shownCounts["a page shown before, with a long key"] = 1
        let outcomes = try store.commitNow([
            try save("s0", 1),
            .savePager(session: "s1", pager: "x", record: large.storedJSON, lastSeen: 2),
            try save("s2", 3),
        ])
        #expect(outcomes[0] == nil && outcomes[2] == nil)
        #expect(outcomes[1] != nil)
        #expect(try selected("s0") == 1)
        #expect(try selected("s1") == 0)
        #expect(try selected("s2") == 3)
    }

    @Test func aConnectionKilledMidBatchFailsEveryWriteAndKeepsNone() throws {
        _ = try store(withSessions: 2)
        let batcher = try PostgreSQLConnection(conninfo: url)
        for statement in PostgreSQLStatement.allCases { try batcher.prepare(statement) }
        // Another transaction holds s1's row: the batch stops there, s0's
        // row already locked by it, until it is killed.
        let holder = try PostgreSQLConnection(conninfo: url)
        try holder.execute("BEGIN")
        try holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", [.text("s1")])
        let outcome = LockedValue<Result<[StoreError?], StoreError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let batch = [try save("s0", 1), try save("s1", 2)]
        // Run by the I/O thread on `batcher`, as the store runs its batches.
        PostgreSQLLoopPool(size: 1) { () throws(StoreError) in batcher }.commit(batch) { committed in
            outcome.withLock { $0 = committed }
            done.signal()
        }
        let killer = try PostgreSQLConnection(conninfo: url)
        var killed = 0
        for _ in 0..<200 where killed == 0 {
            killed =
                try killer.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        + "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                ).count
            if killed == 0 { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(killed == 1)
        #expect(done.wait(timeout: .now() + 10) == .success)
        try holder.execute("ROLLBACK")
        guard case .failure = try #require(outcome.withLock { $0 }) else {
            Issue.record("the batch committed though its connection was killed")
            return
        }
        #expect(batcher.isBroken)
        #expect(try selected("s0") == 0)
        #expect(try selected("s1") == 0)
    }

    @Test func readsOfManySessionsAtOnceEachGetTheirOwn() throws {
        let store = try store(withSessions: 8)
        _ = try store.commitNow(try (0..<8).map { try save("s\($0)", $0 % 4) })
        let found = LockedValue<[String: Int?]>([:])
        let done = DispatchGroup()
        for index in 0..<32 {
            done.enter()
            DispatchQueue.global().async {
                let id = index < 24 ? "s\(index % 8)" : "absent\(index)"
                let selected = (try? store.session(id: id))?.flatMap { $0.pagers["x"]?.state.selectedIndex }
                found.withLock { $0["\(index)"] = selected }
                done.leave()
            }
        }
        done.wait()
        for index in 0..<32 {
            #expect(found.withLock { $0["\(index)"] } == (index < 24 ? (index % 8) % 4 : Int?.none))
        }
    }
}
