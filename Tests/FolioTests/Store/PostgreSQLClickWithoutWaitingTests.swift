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

    /// Reads the session and clicks page `index` of pager `x` without
    /// waiting; returns what ran: the answer (with the page another store
    /// read then), `rejected`, or `otherwise` (the blocking path's).
    func click(_ sessions: SessionManager, _ index: Int, reader: PostgreSQLSessionStore) -> String {
        let (done, outcome) = startClick(sessions, index, reader: reader)
        done.wait()
        return outcome.withLock { $0 }
    }

    /// `click` that returns at once: signalled once the outcome is in.
    func startClick(_ sessions: SessionManager, _ index: Int, reader: PostgreSQLSessionStore)
        -> (DispatchSemaphore, LockedValue<String>)
    {
        let outcome = LockedValue("")
        let done = DispatchSemaphore(value: 0)
        let started = sessions.readWithoutWaiting(
            SessionClaim(id: id, isBoundToPerson: false), at: sessions.now
        ) { read in
            guard case .success(let found) = read, let session = found else {
                outcome.withLock { $0 = "unavailable" }
                done.signal()
                return
            }
            let instead = sessions.selectWithoutWaiting(index, of: session) { saved in
                let stored = try? reader.session(id: id)?.pagers["x"]?.state.selectedIndex
                outcome.withLock {
                    switch saved {
                    case .saved: $0 = "answered, stored \(stored.map(String.init) ?? "-")"
                    case .failed: $0 = "failed"
                    case .conflicted: $0 = "otherwise"
                    }
                }
                done.signal()
            }
            if let instead {
                outcome.withLock { $0 = instead == "declined" ? "otherwise" : instead }
                done.signal()
            }
        }
        if !started {
            outcome.withLock { $0 = "not started" }
            done.signal()
        }
        return (done, outcome)
    }

    /// Two instances' stores on one database, the first holding the
    /// session on page 0 of pager `x`, and the first's session manager.
    func twoInstances() throws -> (PostgreSQLSessionStore, SessionManager, PostgreSQLSessionStore) {
        let store = try PostgreSQLSessionStore(url: url)
        try store.insert(
            SessionRecord(
                id: id, csrfToken: "t", lastSeen: Date().timeIntervalSince1970,
                pagers: ["x": try fourPageRecord(selecting: 0)], isIssuedAtClick: true))
        return (store, SessionManager(store: store), try PostgreSQLSessionStore(url: url))
    }

    @Test func aClickIsAnsweredOnlyOnceAnotherInstanceReadsItsSave() throws {
        let store = try PostgreSQLSessionStore(url: url)
        try store.insert(
            SessionRecord(
                id: id, csrfToken: "t", lastSeen: Date().timeIntervalSince1970,
                pagers: ["x": try fourPageRecord(selecting: 0)], isIssuedAtClick: true))
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
                pagers: ["x": try fourPageRecord(selecting: 0)], isIssuedAtClick: false))
        let reader = try PostgreSQLSessionStore(url: url)
        #expect(click(SessionManager(store: store), 2, reader: reader) == "otherwise")
        #expect(try reader.session(id: id)?.pagers["x"]?.state.selectedIndex == 0)
    }

    /// A click may be decided on this instance's own copy of its session;
    /// one another instance has changed since is refused, never saved over
    /// the other's click, and the session's next clicks read the database
    /// (its clicks reach other instances too: copies of it would go stale).
    @Test func aClickOnACopyAnotherInstanceChangedIsDecidedAgainOnTheStoredRecord() throws {
        let (store, sessions, other) = try twoInstances()
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        #expect(store.ownCopy(of: id)?.pagers["x"]?.state.selectedIndex == 1)
        try other.save(
            try fourPageRecord(selecting: 3), pager: "x", session: id, lastSeen: Date().timeIntervalSince1970)
        #expect(click(sessions, 2, reader: other) == "otherwise")
        #expect(try other.session(id: id)?.pagers["x"]?.state.selectedIndex == 3)
        #expect(store.ownCopy(of: id) == nil)
        #expect(click(sessions, 2, reader: other) == "answered, stored 2")
        #expect(store.ownCopy(of: id) == nil)
        try other.save(
            try fourPageRecord(selecting: 0), pager: "x", session: id, lastSeen: Date().timeIntervalSince1970)
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
    }

    /// An unchanged click of a copy is saved as it is, conditional on the
    /// copy: answered when the copy is the stored record, decided again
    /// when another instance changed it.
    @Test func anUnchangedClickOfACopyIsConfirmedByItsSave() throws {
        let (_, sessions, other) = try twoInstances()
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        try other.save(
            try fourPageRecord(selecting: 3), pager: "x", session: id, lastSeen: Date().timeIntervalSince1970)
        #expect(click(sessions, 1, reader: other) == "otherwise")
    }

    /// Clicks page 2 then page 3 while another instance holds the
    /// session's row lock (having stored page `storing` meanwhile, if
    /// given), the second once the first's save waits; then commits that
    /// instance's transaction. The two clicks' outcomes.
    func twoClicksBehindAnotherInstancesWrite(
        _ sessions: SessionManager, reader: PostgreSQLSessionStore, storing: Int? = nil
    ) throws -> (first: String, second: String) {
        let holder = try PostgreSQLConnection(conninfo: url)
        try holder.execute("BEGIN")
        try holder.execute("UPDATE sessions SET last_seen = last_seen WHERE id = $1", [.text(id)])
        if let storing {
            try holder.execute(
                "UPDATE pagers SET record = $1 WHERE session_id = $2",
                [.bytes(try fourPageRecord(selecting: storing).storedJSON), .text(id)])
        }
        let (firstDone, first) = startClick(sessions, 2, reader: reader)
        #expect(firstDone.wait(timeout: .now() + 0.3) == .timedOut, "the save went past the row lock")
        let (secondDone, second) = startClick(sessions, 3, reader: reader)
        #expect(secondDone.wait(timeout: .now() + 0.3) == .timedOut, "answered before the first commit")
        try holder.execute("COMMIT")
        #expect(firstDone.wait(timeout: .now() + 5) == .success)
        #expect(secondDone.wait(timeout: .now() + 5) == .success)
        return (first.withLock { $0 }, second.withLock { $0 })
    }

    /// A second click while the first's save waits (behind another
    /// instance's row lock) is decided on the first's record and queued
    /// behind it, not sent to a worker to wait: both are answered once
    /// committed, and the later click is what is stored.
    @Test func aClickWhileTheSessionsSaveIsUnderWayIsQueuedBehindIt() throws {
        let (_, sessions, other) = try twoInstances()
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        let (first, second) = try twoClicksBehindAnotherInstancesWrite(sessions, reader: other)
        #expect(first.hasPrefix("answered"))
        #expect(second == "answered, stored 3")
        #expect(try other.session(id: id)?.pagers["x"]?.state.selectedIndex == 3)
    }

    /// A click queued behind a save another instance's click overtook is
    /// refused with it, and decided again on what that instance stored.
    @Test func aClickQueuedBehindARefusedSaveIsRefusedWithIt() throws {
        let (_, sessions, other) = try twoInstances()
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        let (first, second) = try twoClicksBehindAnotherInstancesWrite(sessions, reader: other, storing: 0)
        #expect(first == "otherwise" && second == "otherwise")
        #expect(try other.session(id: id)?.pagers["x"]?.state.selectedIndex == 0)
    }

    /// A copy of a session another instance removed: the save is refused
    /// as for a changed record (decided again on a read that finds none),
    /// not failed.
    @Test func aClickOnACopyOfARemovedSessionIsDecidedAgain() throws {
        let (_, sessions, other) = try twoInstances()
        #expect(click(sessions, 1, reader: other) == "answered, stored 1")
        try PostgreSQLConnection(conninfo: url).execute("DELETE FROM sessions WHERE id = $1", [.text(id)])
        #expect(click(sessions, 2, reader: other) == "otherwise")
        #expect(click(sessions, 2, reader: other) == "unavailable")
    }

    /// An instance that did not write the session keeps a copy from its
    /// first read and the saves after it, so its next clicks read nothing.
    @Test func aCopyReadFromTheDatabaseFollowsTheClicksSaves() throws {
        // The other instance stored the session: this one has no copy yet.
        let (writer, _, store) = try twoInstances()
        let sessions = SessionManager(store: store)
        #expect(store.ownCopy(of: id) == nil)
        #expect(click(sessions, 1, reader: writer) == "answered, stored 1")
        #expect(store.ownCopy(of: id)?.pagers["x"]?.state.selectedIndex == 1)
        #expect(click(sessions, 2, reader: writer) == "answered, stored 2")
        #expect(click(sessions, 1, reader: writer) == "answered, stored 1")
    }
}
