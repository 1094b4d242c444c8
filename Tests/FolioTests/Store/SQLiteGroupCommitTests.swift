import Dispatch
import FolioCore
import FolioSync
import Testing

@testable import Folio

/// What one batch of the SQLite store's group commit keeps: all of it, none
/// of it when the disk is full, and everything but a write a constraint
/// refused; and a save's completion comes only once another connection can
/// read it from the file.
@Suite struct SQLiteGroupCommitTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// A store holding sessions `s1` and `s2`, each on page 0 of pager `x`.
    func storeWithTwoSessions(_ path: String) throws -> SQLiteSessionStore {
        let store = try SQLiteSessionStore(path: path)
        for id in ["s1", "s2"] {
            try store.insert(
                SessionRecord(
                    id: id, csrfToken: "t", lastSeen: 1, pagers: ["x": try fourPageRecord(selecting: 0)]))
        }
        return store
    }

    /// The page `x` is on in session `id`, read from the file by a new connection.
    func storedPage(_ path: String, _ id: String) throws -> Int? {
        let reader = try SQLiteSessionStore(path: path, cacheCapacity: 0)
        return try reader.session(id: id)?.pagers["x"]?.state.selectedIndex
    }

    func save(_ id: String, _ index: Int) throws -> SessionWrite {
        .savePager(
            session: id, pager: "x", record: try fourPageRecord(selecting: index).storedJSON, lastSeen: 2)
    }

    @Test func aBatchThatFindsTheDiskFullKeepsNoneOfItsWrites() throws {
        let path = folder.path + "/full.sqlite"
        let store = try storeWithTwoSessions(path)
        // No page beyond the ones the file has: a write that needs one fails
        // as on a full disk, after two that fit have run.
        try store.execute("PRAGMA max_page_count = 1")
        let big = SessionWrite.savePager(
            session: "s1", pager: "big", record: Array(repeating: UInt8(ascii: "x"), count: 200_000),
            lastSeen: 2)
        #expect(throws: StoreError.self) {
            _ = try store.commitNow([try save("s1", 2), try save("s2", 3), big])
        }
        #expect(try storedPage(path, "s1") == 0)
        #expect(try storedPage(path, "s2") == 0)
        // The store goes on: what fits is kept.
        #expect(try store.commitNow([try save("s1", 1)]) == [nil])
        #expect(try storedPage(path, "s1") == 1)
    }

    @Test func aWriteRefusedByAConstraintIsUndoneAloneAndTheRestOfItsBatchKept() throws {
        let path = folder.path + "/constraint.sqlite"
        let store = try storeWithTwoSessions(path)
        // A save for a session that is gone (evicted meanwhile): its pager row has no session row.
        let outcomes = try store.commitNow([try save("s1", 2), try save("gone", 1), try save("s2", 3)])
        #expect(outcomes[0] == nil && outcomes[2] == nil)
        #expect(outcomes[1] != nil)
        #expect(try storedPage(path, "s1") == 2)
        #expect(try storedPage(path, "s2") == 3)
        #expect(try storedPage(path, "gone") == nil)
    }

    @Test func aSavesCompletionComesOnlyOnceTheFileHoldsIt() throws {
        let path = folder.path + "/ordering.sqlite"
        let store = try storeWithTwoSessions(path)
        let seen = LockedValue<[Int?]>([])
        let done = DispatchSemaphore(value: 0)
        for index in 1...3 {
            store.save(try fourPageRecord(selecting: index), pager: "x", session: "s1", lastSeen: 2) {
                error in
                #expect(error == nil)
                seen.withLock { $0.append(try? storedPage(path, "s1")) }
                done.signal()
            }
            done.wait()
        }
        #expect(seen.withLock { $0 } == [1, 2, 3])
        // And the store's own reads show it too.
        #expect(try store.session(id: "s1")?.pagers["x"]?.state.selectedIndex == 3)
    }
}
