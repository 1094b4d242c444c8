import Dispatch
import FolioCore
import FolioSync
import Testing

@testable import Folio

/// The PostgreSQL store's group commit: saves that arrive together share a
/// transaction; a batch keeps all of its writes, none when it fails, or all
/// but one a constraint refused; a completion comes only once another
/// instance can read the save.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLGroupCommitTests: PostgreSQLBatchFixture {
    let url: String

    init() throws { url = try PostgreSQLTestServer.freshDatabase() }

    func save(_ id: String, _ index: Int, pager: String = "x") throws -> SessionWrite {
        .savePager(session: id, pager: pager, record: try record(selecting: index).storedJSON, lastSeen: 2)
    }

    @Test func savesThatArriveTogetherShareTransactions() throws {
        let saves = 64
        let store = try store(withSessions: saves)
        let before = store.committedBatchCount
        let failures = LockedValue(0)
        let done = DispatchGroup()
        for index in 0..<saves {
            done.enter()
            store.save(try record(selecting: 1 + index % 3), pager: "x", session: "s\(index)", lastSeen: 2) {
                error in
                if error != nil { failures.withLock { $0 += 1 } }
                done.leave()
            }
        }
        done.wait()
        let transactions = store.committedBatchCount - before
        #expect(failures.withLock { $0 } == 0)
        #expect(
            transactions >= 1 && transactions < saves / 4, "\(saves) saves took \(transactions) transactions")
        let reader = try PostgreSQLSessionStore(url: url)
        for index in 0..<saves {
            #expect(try reader.session(id: "s\(index)")?.pagers["x"]?.state.selectedIndex == 1 + index % 3)
        }
    }

    @Test func aSavesCompletionComesOnlyOnceAnotherInstanceReadsIt() throws {
        let store = try store(withSessions: 1)
        let other = try PostgreSQLSessionStore(url: url)
        let seen = LockedValue<[Int?]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 1...3 {
            store.save(try record(selecting: index), pager: "x", session: "s0", lastSeen: 2) { error in
                #expect(error == nil)
                seen.withLock { $0.append(try? other.session(id: "s0")?.pagers["x"]?.state.selectedIndex) }
                done.signal()
            }
            done.wait()
        }
        #expect(seen.withLock { $0 } == [1, 2, 3])
    }

    @Test func aWriteRefusedAloneIsUndoneAloneAndTheRestOfItsBatchKept() throws {
        let store = try store(withSessions: 2)
        // A save for a session that is gone (evicted or reissued meanwhile),
        // and a reissue whose moved pager row collides with one the new id
        // has (a unique constraint): each fails alone.
        let collides = SessionWrite.reissue(
            old: "s1", as: SessionRow(SessionRecord(id: "s0", csrfToken: "t", lastSeen: 3)), changed: nil)
        let outcomes = try store.commitNow([
            try save("s0", 2), try save("gone", 1), collides, try save("s1", 3),
        ])
        #expect(outcomes[0] == nil && outcomes[3] == nil)
        #expect(outcomes[1] != nil && outcomes[2] != nil)
        let reader = try PostgreSQLSessionStore(url: url)
        #expect(try reader.session(id: "s0")?.pagers["x"]?.state.selectedIndex == 2)
        #expect(try reader.session(id: "s1")?.pagers["x"]?.state.selectedIndex == 3)
        #expect(try reader.session(id: "gone") == nil)
        #expect(try reader.count() == 2)
    }

    @Test func aBatchThatFailsAsAWholeKeepsNoneOfItsWrites() throws {
        let store = try store(withSessions: 2)
        // Text cannot hold a NUL byte: the database refuses the statement
        // with a data error, not a constraint, so the batch is undone.
        #expect(throws: StoreError.self) {
            _ = try store.commitNow([
                try save("s0", 2), try save("s1", 3), try save("s1", 1, pager: "bad\u{0}"),
            ])
        }
        let reader = try PostgreSQLSessionStore(url: url)
        #expect(try reader.session(id: "s0")?.pagers["x"]?.state.selectedIndex == 0)
        #expect(try reader.session(id: "s1")?.pagers["x"]?.state.selectedIndex == 0)
        // The store goes on.
        #expect(try store.commitNow([try save("s0", 1)]) == [nil])
        #expect(try reader.session(id: "s0")?.pagers["x"]?.state.selectedIndex == 1)
    }
}
