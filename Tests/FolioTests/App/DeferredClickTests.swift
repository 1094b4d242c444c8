import Dispatch
import FolioHTTP
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A click on the durable store, started as the event loop starts it: with
/// the session's own token it is answered by the group commit once its save
/// is on disk, with no worker thread; a save that fails answers 503 and
/// changes nothing; a second click of a session whose save is under way
/// waits for it on a worker and builds on it.
@Suite struct DeferredClickTests {
    let fixture: AppTests

    init() throws { fixture = try AppTests() }

    /// How a `.deferred` click went: its answer, and whether it went to a worker.
    final class Started: Sendable {
        let answer = LockedValue<HTTPResponse?>(nil)
        let offloaded = LockedValue(false)
        let answered = DispatchSemaphore(value: 0)
        let onAnswer: @Sendable () -> Void

        init(onAnswer: @escaping @Sendable () -> Void = {}) { self.onAnswer = onAnswer }

        var responder: HTTPResponder {
            HTTPResponder(
                { response in
                    self.onAnswer()
                    self.answer.withLock { $0 = response }
                    self.answered.signal()
                },
                offload: { work in
                    self.offloaded.withLock { $0 = true }
                    // A thread of its own, as the server's workers are.
                    Thread.detachNewThread {
                        let response = work()
                        self.answer.withLock { $0 = response }
                        self.answered.signal()
                    }
                })
        }

        func wait() -> HTTPResponse? {
            answered.wait()
            return answer.withLock { $0 }
        }
    }

    func click(_ app: FolioApp, page: String, session: (id: String, token: String)) -> HTTPRequest {
        HTTPRequest(
            method: .post, target: "/p/select",
            headers: [
                "Content-Type": "application/x-www-form-urlencoded", "Cookie": "folio_session=\(session.id)",
            ],
            body: Array("page=\(page)&csrf=\(session.token)".utf8))
    }

    func start(_ app: FolioApp, _ request: HTTPRequest, _ started: Started) {
        guard case .deferred(let start) = app.disposition(for: request) else {
            Issue.record("a click is started on the loop and answered later")
            return
        }
        start(started.responder)
    }

    /// The page session `id` is on, read from the database file by a new connection.
    func pageOnDisk(_ path: String, _ id: String) throws -> String? {
        let reader = try SQLiteSessionStore(path: path, cacheCapacity: 0)
        return try reader.session(id: id)?.pagers["p"]?.state.selectedPage.key
    }

    @Test func aClickIsAnsweredByTheCommitOnlyOnceItsSaveIsOnDisk() throws {
        let path = fixture.folder.path + "/deferred-\(UUID().uuidString).sqlite"
        let app = try fixture.makeApp(store: try SQLiteSessionStore(path: path))
        let session = try fixture.session(app)
        let onDiskAtAnswer = LockedValue<String?>(nil)
        let started = Started { onDiskAtAnswer.withLock { $0 = try? pageOnDisk(path, session.id) } }
        start(app, click(app, page: "b", session: session), started)
        let answer = try #require(started.wait())
        #expect(answer.status == .seeOther)
        #expect(answer.headers["Location"] == "/p/b")
        #expect(!started.offloaded.withLock { $0 }, "no worker thread waited for the disk")
        #expect(onDiskAtAnswer.withLock { $0 } == "b")
    }

    @Test func aClickWhoseSaveFailsAnswers503AndChangesNothing() throws {
        let path = fixture.folder.path + "/failing-\(UUID().uuidString).sqlite"
        let store = try SQLiteSessionStore(path: path)
        let app = try fixture.makeApp(store: store)
        let session = try fixture.session(app)
        try store.execute("PRAGMA query_only = 1")
        let started = Started()
        start(app, click(app, page: "b", session: session), started)
        let answer = try #require(started.wait())
        #expect(answer.status == .serviceUnavailable)
        #expect(fixture.body(answer).contains("unavailable right now"))
        #expect(!fixture.body(answer).contains("disk is full"), "the store's own words go to the log")
        #expect(fixture.body(answer).contains("nothing was changed"))
        #expect(try pageOnDisk(path, session.id) == "a")
        #expect(try store.session(id: session.id)?.pagers["p"]?.state.selectedPage.key == "a")
        try store.execute("PRAGMA query_only = 0")
        let again = Started()
        start(app, click(app, page: "b", session: session), again)
        #expect(again.wait()?.status == .seeOther)
        #expect(try pageOnDisk(path, session.id) == "b")
    }

    @Test func aSecondClickOfASessionBeingSavedWaitsOnAWorkerAndBuildsOnTheFirst() throws {
        let path = fixture.folder.path + "/two-\(UUID().uuidString).sqlite"
        let app = try fixture.makeApp(store: try SQLiteSessionStore(path: path))
        let session = try fixture.session(app)
        // Started back to back, as two loops would: the second finds the session taken.
        let first = Started()
        let second = Started()
        start(app, click(app, page: "b", session: session), first)
        start(app, click(app, page: "a", session: session), second)
        #expect(first.wait()?.status == .seeOther)
        #expect(second.wait()?.status == .seeOther)
        let record = try #require(
            try app.sessions.session(.anonymous(session.id), marksUse: false)?.pagers["p"])
        // Both applied, in order, whether the second waited for the first
        // on a worker or found its save done: a (first click), b, a again.
        #expect(record.state.selectedPage.key == "a")
        #expect(record.shownCounts["a"] == 2 && record.shownCounts["b"] == 1)
        #expect(try pageOnDisk(path, session.id) == "a")
    }

    @Test func aClickRewritesTheSessionsLastUseOnlyOncePerTouchInterval() throws {
        let path = fixture.folder.path + "/touch-\(UUID().uuidString).sqlite"
        let app = try fixture.makeApp(store: try SQLiteSessionStore(path: path))
        let session = try fixture.session(app)
        func lastSeenOnDisk() throws -> Double? {
            try SQLiteSessionStore(path: path, cacheCapacity: 0).session(id: session.id)?.lastSeen
        }
        let created = try #require(try lastSeenOnDisk())
        for (page, seconds) in [("b", 10.0), ("a", 20.0)] {
            fixture.clock.advance(by: seconds)
            let started = Started()
            start(app, click(app, page: page, session: session), started)
            #expect(started.wait()?.status == .seeOther)
            #expect(try pageOnDisk(path, session.id) == page)
        }
        // 30 s after the first click: the row was not rewritten.
        #expect(try lastSeenOnDisk() == created)
        fixture.clock.advance(by: 61)
        let late = Started()
        start(app, click(app, page: "b", session: session), late)
        #expect(late.wait()?.status == .seeOther)
        #expect(try lastSeenOnDisk() == fixture.clock.now)
    }
}
