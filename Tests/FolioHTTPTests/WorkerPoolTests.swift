import Dispatch
import Foundation
import Testing

@testable import FolioHTTP

@Suite struct WorkerPoolTests {

    /// The job the server would submit for `path`: the blocking work that
    /// `handler.disposition(for:)` decided on.
    private func job(
        _ path: String, fd: Int32 = 7, serial: UInt64 = 1, handler: GatedHandler, mailbox: LoopMailbox
    ) throws -> OffloadedRequest {
        let request = HTTPRequest(method: .get, target: path)
        guard case .blocking(let work) = handler.disposition(for: request) else {
            Issue.record("\(path) is answered on the loop")
            throw CancellationError()
        }
        return OffloadedRequest(
            ticket: OffloadTicket(fd: fd, serial: serial, request: request, started: 0), work: work,
            mailbox: mailbox)
    }

    @Test func deliversEachAnswerToTheMailboxOfItsRequest() throws {
        let gate = Gate()
        let handler = GatedHandler(gate: gate)
        let pool = WorkerPool(threadCount: 2)
        let mailbox = try LoopMailbox()
        defer { _ = mailbox.close() }
        pool.submit(try job("/slow/1", fd: 3, serial: 9, handler: handler, mailbox: mailbox))
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
        let pool = WorkerPool(threadCount: 3)
        pool.stop()
        #expect(pool.waitUntilStopped(deadline: monotonicNanoseconds() + 5 * second))
    }

    @Test func abandonsAJobPastTheDeadlineAndDropsItsAnswer() throws {
        let gate = Gate()
        let handler = GatedHandler(gate: gate)
        let pool = WorkerPool(threadCount: 1)
        let mailbox = try LoopMailbox()
        pool.submit(try job("/slow", handler: handler, mailbox: mailbox))
        #expect(gate.waitUntilEntered())
        // A second job waits in the queue; stopping drops it unstarted.
        pool.submit(try job("/slow/queued", handler: handler, mailbox: mailbox))
        pool.stop()
        #expect(!pool.waitUntilStopped(deadline: monotonicNanoseconds() + second / 10))
        _ = mailbox.close()
        gate.release.signal()
        #expect(pool.waitUntilStopped(deadline: monotonicNanoseconds() + 5 * second))
        #expect(mailbox.take().answers.isEmpty)
        #expect(gate.entered.wait(timeout: .now()) == .timedOut, "the queued job never ran")
    }
}
