import Dispatch
import FolioSync

/// Group commit: writes from many threads that arrive together are made
/// durable by one transaction and one disk sync, as PostgreSQL's WAL
/// writer does.
///
/// A batch takes every write queued so far and commits them at once; writes
/// arriving meanwhile queue up and form the next batch as soon as one is
/// done. Nothing waits for a timer or a batch size: a lone write on a quiet
/// server is committed at once. Up to `inFlight` batches may be under way
/// together (PostgreSQL: each on its own connection, while the others wait
/// for the disk); SQLite has one writer and commits one at a time.
///
/// A write's completion runs on the committer after its batch was committed
/// (or failed), never before: whoever answers a client from there answers
/// only what is on disk.
final class GroupCommit<Write: Sendable>: Sendable {
    /// Per write, `nil` when it is committed, or the error of that write
    /// alone (it was undone and the rest kept); or the error that undid the
    /// whole batch (a failed commit: full disk, I/O error, a lost connection).
    typealias Outcome = Result<[StoreError?], StoreError>
    /// Commits a batch in one transaction and calls its argument once,
    /// from any thread, when it is done.
    typealias CommitBatch = @Sendable ([Write], @escaping @Sendable (Outcome) -> Void) -> Void
    /// Called once a write's batch is done: `nil` when the write is durable.
    typealias Completion = @Sendable (StoreError?) -> Void

    private let commitBatch: CommitBatch
    private let afterBatch: @Sendable () -> Void
    private let inFlight: Int
    private let committer = DispatchQueue(label: "Folio group commit", qos: .userInitiated)
    private let queue = LockedValue(Queue())

    private struct Queue {
        var writes: [Write] = []
        var completions: [Completion] = []
        /// Batches under way.
        var inFlight = 0
    }

    /// - Parameters:
    ///   - inFlight: At most this many batches under way at once.
    ///   - commitBatch: Commits one batch without waiting for it.
    ///   - afterBatch: Housekeeping on the committer after a batch's
    ///     completions ran, so it delays no answer of that batch.
    init(
        inFlight: Int, committingWithoutWaiting commitBatch: @escaping CommitBatch,
        afterBatch: @escaping @Sendable () -> Void = {}
    ) {
        self.inFlight = max(1, inFlight)
        self.commitBatch = commitBatch
        self.afterBatch = afterBatch
    }

    /// One batch at a time, each committed on the committer by `commitBatch`,
    /// which returns once the batch is done (or throws when all of it failed).
    convenience init(
        _ commitBatch: @escaping @Sendable ([Write]) throws(StoreError) -> [StoreError?],
        afterBatch: @escaping @Sendable () -> Void = {}
    ) {
        self.init(
            inFlight: 1,
            committingWithoutWaiting: { writes, done in
                do throws(StoreError) { done(.success(try commitBatch(writes))) } catch {
                    done(.failure(error))
                }
            }, afterBatch: afterBatch)
    }

    /// Queues `write`; `completion` runs once it is committed or failed.
    /// Returns at once.
    func enqueue(_ write: Write, then completion: @escaping Completion) {
        let batch = queue.withLock { queue -> ([Write], [Completion])? in
            queue.writes.append(write)
            queue.completions.append(completion)
            guard queue.inFlight < inFlight else { return nil }
            queue.inFlight += 1
            return Self.takeAll(&queue)
        }
        if let (writes, completions) = batch { committer.async { self.start(writes, completions) } }
    }

    /// Commits `write` with whatever else is queued and returns once it is
    /// durable. Throws the store's error when it is not: nothing of it was
    /// kept then.
    func commit(_ write: Write) throws(StoreError) {
        let outcome = Waited<StoreError?>()
        enqueue(write, then: outcome.set)
        if let error = outcome.wait() { throw error }
    }

    private static func takeAll(_ queue: inout Queue) -> ([Write], [Completion]) {
        defer {
            queue.writes.removeAll(keepingCapacity: true)
            queue.completions.removeAll(keepingCapacity: true)
        }
        return (queue.writes, queue.completions)
    }

    private func start(_ writes: [Write], _ completions: [Completion]) {
        commitBatch(writes) { outcome in
            self.committer.async { self.finish(writes.count, completions, outcome) }
        }
    }

    /// Takes the next batch, or counts one fewer under way, then answers
    /// this batch's writes and starts the next. Counted first: a caller
    /// told its write is done that writes again starts a batch of its own,
    /// rather than finding this one still counted and its write joined to
    /// whatever is queued after it.
    private func finish(_ count: Int, _ completions: [Completion], _ outcome: Outcome) {
        var errors: [StoreError?]
        switch outcome {
        case .success(let outcomes):
            precondition(outcomes.count == count, "one outcome per write")
            errors = outcomes
        case .failure(let error): errors = Array(repeating: error, count: count)
        }
        let next = queue.withLock { queue -> ([Write], [Completion])? in
            guard !queue.writes.isEmpty else {
                queue.inFlight -= 1
                return nil
            }
            return Self.takeAll(&queue)
        }
        for (completion, error) in zip(completions, errors) { completion(error) }
        afterBatch()
        if let (writes, completions) = next { start(writes, completions) }
    }
}
