import Dispatch
import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A click that must not wait has its session only while it decides and
/// queues its save: the next click decides on the record that save leaves;
/// a thread that may wait has it only once no save of it is under way.
@Suite struct SessionLocksTests {
    let session = SessionRecord(id: "s0", csrfToken: "t", lastSeen: 10, pagers: [:], isIssuedAtClick: true)

    func queued(_ index: Int, lastSeen: Double = 10) throws -> SessionLocks.QueuedSave {
        var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") })
        _ = try state.select(index: index)
        return .init(session: session, pager: "x", record: PagerRecord(state: state), lastSeen: lastSeen)
    }

    @Test func aClickBehindAQueuedSaveDecidesOnTheRecordItLeaves() throws {
        let locks = SessionLocks()
        let first = try #require(locks.tryTake("s0"))
        #expect(first.afterQueuedSaves == nil)
        #expect(locks.tryTake("s0") == nil, "taken while the first click decides")
        locks.queuedSave("s0", try queued(2, lastSeen: 70))
        locks.release("s0")
        let second = try #require(locks.tryTake("s0"))
        #expect(second.afterQueuedSaves?.pagers["x"]?.state.selectedIndex == 2)
        #expect(second.afterQueuedSaves?.lastSeen == 70)
        locks.release("s0")
        locks.saveEnded("s0")
        #expect(try #require(locks.tryTake("s0")).afterQueuedSaves == nil, "the store's copy is the latest")
        locks.release("s0")
    }

    @Test func aThreadThatMayWaitWaitsForEveryQueuedSaveAndIsNotPassed() throws {
        let locks = SessionLocks()
        _ = try #require(locks.tryTake("s0"))
        locks.queuedSave("s0", try queued(1))
        locks.release("s0")
        _ = try #require(locks.tryTake("s0"))
        locks.queuedSave("s0", try queued(2))
        locks.release("s0")
        let entered = DispatchSemaphore(value: 0)
        Thread { locks.withLock(for: "s0") { _ = entered.signal() } }.start()
        // Once the thread waits, a click arriving queues behind it: the
        // session is not taken, yet `tryTake` leaves it to the thread.
        var polls = 0
        while locks.tryTake("s0") != nil {
            locks.release("s0")
            polls += 1
            try #require(polls < 1000, "the thread never waited")
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(entered.wait(timeout: .now() + 0.2) == .timedOut, "two saves under way")
        locks.saveEnded("s0")
        #expect(entered.wait(timeout: .now() + 0.2) == .timedOut, "one save still under way")
        #expect(locks.isTaken("s0"))
        locks.saveEnded("s0")
        #expect(entered.wait(timeout: .now() + 5) == .success)
    }
}
