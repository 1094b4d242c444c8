import Dispatch
import FolioSync
import Foundation

/// The threads page-data providers run on: a `TaskExecutor` of its own, so
/// a provider runs even when every thread of Swift's shared pool is blocked
/// (an HTTP worker or a synchronous caller waiting for the view), and a
/// provider that blocks holds up no one but other providers.
///
/// A provider that hops to an actor runs there for that part; in
/// `folio serve` the main actor is busy serving, so stay off it.
final class ProviderExecutor: TaskExecutor, Sendable {
    /// The executor every provider call prefers: two threads, started on first use.
    static let shared = ProviderExecutor(threadCount: 2)

    private let jobs = LockedValue<[UnownedJob]>([])
    private let available = DispatchSemaphore(value: 0)

    private init(threadCount: Int) {
        for _ in 0..<max(1, threadCount) {
            let thread = Thread { [self] in work() }
            thread.name = "Folio providers"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    private func work() {
        while true {
            available.wait()
            let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
