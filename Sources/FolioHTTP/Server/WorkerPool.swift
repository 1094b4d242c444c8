import Dispatch
import FolioSync
import Foundation

/// Which request of which connection a worker is answering: it travels to
/// the worker and back with the answer.
struct OffloadTicket: Sendable {
    /// The connection's descriptor on its loop.
    let fd: Int32
    /// The connection's serial, so an answer never reaches a later connection on `fd`.
    let serial: UInt64
    /// The request (the loop needs its method, version and keep-alive to answer).
    let request: HTTPRequest
    /// Monotonic nanoseconds when it was parsed, for the access log.
    let started: UInt64
}

/// A request handed from an event loop to the workers, and where its answer goes.
struct OffloadedRequest: Sendable {
    let ticket: OffloadTicket
    /// What `HTTPHandler.disposition(for:)` decided to run here.
    let work: @Sendable () -> HTTPResponse
    /// The loop that owns the connection.
    let mailbox: LoopMailbox
}

/// A worker's answer on its way back to the connection's loop.
struct OffloadedResponse: Sendable {
    let ticket: OffloadTicket
    /// The work's answer.
    let response: HTTPResponse
}

/// A fixed set of plain threads that run the work of requests that may
/// block, so the event loops keep serving everyone else meanwhile.
///
/// Jobs wait in a locked queue; a semaphore counts them (plus one wake-up
/// per thread at stop). The queue is bounded by the open connections: a
/// connection has at most one request here, its loop reads nothing more
/// from it until the answer is back.
final class WorkerPool: Sendable {
    private struct Queue {
        var jobs: [OffloadedRequest] = []
        var first = 0
        var stopping = false
    }

    private let queue = LockedValue(Queue())
    private let available = DispatchSemaphore(value: 0)
    private let running = DispatchGroup()
    private let threadCount: Int

    /// Starts `threadCount` (at least 1) threads.
    init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
        for _ in 0..<self.threadCount {
            running.enter()
            let thread = Thread { [self] in
                work()
                running.leave()
            }
            thread.name = "FolioHTTP worker"
            thread.start()
        }
    }

    /// Queues a request; its answer is delivered to `job.mailbox`.
    func submit(_ job: OffloadedRequest) {
        let accepted = queue.withLock { queue -> Bool in
            guard !queue.stopping else { return false }
            queue.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
    }

    /// Drops the jobs not started and wakes every thread to exit once its
    /// current job (if any) is done.
    func stop() {
        let alreadyStopping = queue.withLock { queue -> Bool in
            defer {
                queue.stopping = true
                queue.jobs.removeAll()
                queue.first = 0
            }
            return queue.stopping
        }
        guard !alreadyStopping else { return }
        for _ in 0..<threadCount { available.signal() }
    }

    /// Waits until every thread has exited or `deadline` (monotonic
    /// nanoseconds) passed; a thread still in its work then is abandoned
    /// (its answer is dropped by the closed mailbox).
    /// - Returns: whether every thread exited.
    @discardableResult
    func waitUntilStopped(deadline: UInt64) -> Bool {
        running.wait(timeout: .monotonic(deadline)) == .success
    }

    private func work() {
        while true {
            available.wait()
            let job = queue.withLock { queue -> OffloadedRequest? in
                guard queue.first < queue.jobs.count else { return nil }
                let job = queue.jobs[queue.first]
                queue.first += 1
                if queue.first == queue.jobs.count {
                    queue.jobs.removeAll(keepingCapacity: true)
                    queue.first = 0
                } else if queue.first > 32 && queue.first * 2 > queue.jobs.count {
                    // Under steady load the queue may never empty: drop the taken prefix now and then.
                    queue.jobs.removeSubrange(0..<queue.first)
                    queue.first = 0
                }
                return job
            }
            // No job after a wake-up only happens at stop (each job signals once).
            guard let job else { return }
            let response = job.work()
            job.mailbox.deliver(OffloadedResponse(ticket: job.ticket, response: response))
        }
    }
}
