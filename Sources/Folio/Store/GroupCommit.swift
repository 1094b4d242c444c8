import Dispatch
import FolioSync

/// Group commit: writes from many threads that arrive together are made
/// durable by one transaction and one disk sync, as PostgreSQL's WAL
/// writer does.
///
/// One committer (a serial queue) takes every write queued so far and
/// commits them at once; writes arriving during that commit queue up and
/// form the next batch as soon as it is done. Nothing waits for a timer or
/// a batch size: a lone write on a quiet server is committed at once.
///
/// A write's completion runs on the committer after its batch was committed
/// (or failed), never before: whoever answers a client from there answers
/// only what is on disk.
final class GroupCommit<Write: Sendable>: Sendable {
    /// Commits a batch in one transaction. Returns one entry per write: `nil`
    /// when it is committed, or the error of that write alone (it was undone
    /// and the rest kept). Throws when the whole batch was undone (a failed
    /// commit: full disk, I/O error), which then fails every write in it.
    typealias CommitBatch = @Sendable ([Write]) throws(StoreError) -> [StoreError?]
    /// Called once a write's batch is done: `nil` when the write is durable.
    typealias Completion = @Sendable (StoreError?) -> Void

    private let commitBatch: CommitBatch
    private let afterBatch: @Sendable () -> Void
    private let committer = DispatchQueue(label: "Folio group commit", qos: .userInitiated)
    private let queue = LockedValue(Queue())

    private struct Queue {
        var writes: [Write] = []
        var completions: [Completion] = []
        /// Whether the committer has been asked to drain the queue.
        var isDraining = false
    }

    /// - Parameters:
    ///   - commitBatch: Commits one batch.
    ///   - afterBatch: Housekeeping on the committer after a batch's
    ///     completions ran, so it delays no answer of that batch.
    init(_ commitBatch: @escaping CommitBatch, afterBatch: @escaping @Sendable () -> Void = {}) {
        self.commitBatch = commitBatch
        self.afterBatch = afterBatch
    }

    /// Queues `write`; `completion` runs once it is committed or failed.
    /// Returns at once.
    func enqueue(_ write: Write, then completion: @escaping Completion) {
        let startsDrain = queue.withLock { queue -> Bool in
            queue.writes.append(write)
            queue.completions.append(completion)
            defer { queue.isDraining = true }
            return !queue.isDraining
        }
        if startsDrain { committer.async { self.drain() } }
    }

    /// Commits `write` with whatever else is queued and returns once it is
    /// durable. Throws the store's error when it is not: nothing of it was
    /// kept then.
    func commit(_ write: Write) throws(StoreError) {
        let outcome = Waited<StoreError?>()
        enqueue(write, then: outcome.set)
        if let error = outcome.wait() { throw error }
    }

    /// Commits batches until the queue is empty.
    private func drain() {
        while true {
            let taken = queue.withLock { queue -> ([Write], [Completion])? in
                guard !queue.writes.isEmpty else {
                    queue.isDraining = false
                    return nil
                }
                defer {
                    queue.writes.removeAll(keepingCapacity: true)
                    queue.completions.removeAll(keepingCapacity: true)
                }
                return (queue.writes, queue.completions)
            }
            guard let (writes, completions) = taken else { return }
            var errors: [StoreError?]
            do {
                errors = try commitBatch(writes)
                precondition(errors.count == writes.count, "one outcome per write")
            } catch {
                errors = Array(repeating: error, count: writes.count)
            }
            for (completion, error) in zip(completions, errors) { completion(error) }
            afterBatch()
        }
    }
}
