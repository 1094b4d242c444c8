import Dispatch
import Foundation
import Testing

@testable import FolioHTTP

@Suite struct WorkerPoolTests {

    private func job(_ path: String, fd: Int32 = 7, serial: UInt64 = 1, mailbox: LoopMailbox)
        -> OffloadedRequest
    {
        OffloadedRequest(
            ticket: OffloadTicket(
                fd: fd, serial: serial, request: HTTPRequest(method: .get, target: path), started: 0),
            mailbox: mailbox)
    }

    @Test func deliversEachAnswerToTheMailboxOfItsRequest() throws {
        let gate = Gate()
        let pool = WorkerPool(threadCount: 2, handler: GatedHandler(gate: gate))
        let mailbox = try LoopMailbox()
        defer { _ = mailbox.close() }
        pool.submit(job("/slow/1", fd: 3, serial: 9, mailbox: mailbox))
        gate.release.signal()
        #expect(gate.left.wait(timeout: .now() + 5) == .success)
        var answers: [OffloadedResponse] = []
        for _ in 0..<500 where answers.isEmpty {
            answers = mailbox.take().answers
            if answers.isEmpty { usleep(10_000) }
        }
        let answer = try #require(answers.first)
        #expect(answer.ticket.fd == 3)
        #expect(answer.ticket.serial == 9)
        #expect(answer.ticket.request.path == "/slow/1")
        #expect(answer.response.body == .bytes(Array("slow /slow/1\n".utf8)))
        pool.stop()
        #expect(pool.waitUntilStopped(deadline: monotonicNanoseconds() + 5 * second))
    }

    @Test func stopJoinsIdleThreads() {
        let pool = WorkerPool(threadCount: 3, handler: GatedHandler(gate: Gate()))
        pool.stop()
        #expect(pool.waitUntilStopped(deadline: monotonicNanoseconds() + 5 * second))
    }

    @Test func abandonsAJobPastTheDeadlineAndDropsItsAnswer() throws {
        let gate = Gate()
        let pool = WorkerPool(threadCount: 1, handler: GatedHandler(gate: gate))
        let mailbox = try LoopMailbox()
        pool.submit(job("/slow", mailbox: mailbox))
        #expect(gate.waitUntilEntered())
        // A second job waits in the queue; stopping drops it unstarted.
        pool.submit(job("/slow/queued", mailbox: mailbox))
        pool.stop()
        #expect(!pool.waitUntilStopped(deadline: monotonicNanoseconds() + second / 10))
        _ = mailbox.close()
        gate.release.signal()
        #expect(pool.waitUntilStopped(deadline: monotonicNanoseconds() + 5 * second))
        #expect(mailbox.take().answers.isEmpty)
        #expect(gate.entered.wait(timeout: .now()) == .timedOut, "the queued job never ran")
    }
}
