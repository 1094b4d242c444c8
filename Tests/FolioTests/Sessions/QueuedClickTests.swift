import Dispatch
import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A click of a SQLite session whose save is under way is queued behind
/// it, on the record that save leaves: saved after it, or, when that save
/// fails, decided again on the stored record rather than made by itself.
@Suite struct QueuedClickTests {
    let folder: TemporaryFolder
    let id = String(repeating: "b", count: 32)

    init() throws { folder = try TemporaryFolder() }

    /// A store at `path` holding the session on page 0 of pager `x`, its
    /// manager, and a connection of another process to the same file that
    /// holds its write lock: the store's batches wait for it.
    func lockedStore(_ path: String) throws -> (SessionManager, SessionRecord, WriteLockHolder) {
        let session = SessionRecord(
            id: id, csrfToken: "t", lastSeen: Date().timeIntervalSince1970,
            pagers: ["x": try fourPageRecord(selecting: 0)], isIssuedAtClick: true)
        let store = try SQLiteSessionStore(path: path)
        try store.insert(session)
        return (SessionManager(store: store), session, try WriteLockHolder(path: path))
    }

    /// Clicks page `index` of pager `x` without waiting: signalled with
    /// `saved`, `failed`, `decided again` (the blocking path's) or why it did not start.
    /// `whenEnded` runs in the completion, before the store starts its next batch.
    func startClick(
        _ sessions: SessionManager, _ session: SessionRecord, _ index: Int,
        whenEnded: @escaping @Sendable () -> Void = {}
    ) -> (DispatchSemaphore, LockedValue<String>) {
        let outcome = LockedValue("")
        let done = DispatchSemaphore(value: 0)
        @Sendable func end(_ text: String) {
            whenEnded()
            outcome.withLock { $0 = text }
            done.signal()
        }
        let started = sessions.selectWithoutWaiting(index, of: session) { saved in
            switch saved {
            case .saved: end("saved")
            case .failed: end("failed")
            case .conflicted: end("decided again")
            }
        }
        if let started { end(started) }
        return (done, outcome)
    }

    func storedPage(_ path: String) throws -> Int? {
        try SQLiteSessionStore(path: path, cacheCapacity: 0).session(id: id)?.pagers["x"]?.state.selectedIndex
    }

    @Test func aClickQueuedBehindASaveIsSavedAfterIt() throws {
        let path = folder.path + "/after.sqlite"
        let (sessions, session, holder) = try lockedStore(path)
        let (firstDone, first) = startClick(sessions, session, 2)
        let (secondDone, second) = startClick(sessions, session, 3)
        #expect(secondDone.wait(timeout: .now() + 0.3) == .timedOut, "answered before any commit")
        try holder.release()
        #expect(firstDone.wait(timeout: .now() + 10) == .success)
        #expect(secondDone.wait(timeout: .now() + 10) == .success)
        #expect(first.withLock { $0 } == "saved" && second.withLock { $0 } == "saved")
        #expect(try storedPage(path) == 3)
    }

    @Test func aClickQueuedBehindASaveThatFailsIsDecidedAgainNotMadeAlone() throws {
        let path = folder.path + "/failed.sqlite"
        let (sessions, session, holder) = try lockedStore(path)
        // The first batch gives up on the lock (busy). The lock is released
        // in its completion, before the second batch starts, so that batch
        // runs whatever the test thread's delay.
        let (firstDone, first) = startClick(sessions, session, 2) { try? holder.release() }
        let (secondDone, second) = startClick(sessions, session, 3)
        #expect(firstDone.wait(timeout: .now() + 10) == .success)
        #expect(secondDone.wait(timeout: .now() + 10) == .success)
        #expect(first.withLock { $0 } == "failed")
        #expect(second.withLock { $0 } == "decided again")
        #expect(try storedPage(path) == 0)
    }
}

/// Another connection to the store's file holding its write lock until
/// released. Used by one thread at a time: the test's, or the committer's
/// in a click's completion.
final class WriteLockHolder: @unchecked Sendable {
    private let connection: SQLiteConnection

    init(path: String) throws {
        connection = try SQLiteConnection(path: path)
        try connection.execute("BEGIN IMMEDIATE")
    }

    func release() throws { try connection.execute("ROLLBACK") }
}
