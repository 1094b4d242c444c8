import Dispatch
import FolioSync
import Testing

@testable import Folio

/// Group commit as the store relies on it: a lone write is committed at
/// once, writes arriving during a commit go together into the next one,
/// and each completion reports its own write's outcome, after its batch.
@Suite struct GroupCommitTests {
    /// A committer that records its batches and can be held inside one.
    final class Recorder: Sendable {
        let batches = LockedValue<[[Int]]>([])
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let holdsFirstBatch: Bool
        let failing: @Sendable ([Int]) -> StoreError?

        init(
            holdsFirstBatch: Bool = false, failing: @escaping @Sendable ([Int]) -> StoreError? = { _ in nil }
        ) {
            self.holdsFirstBatch = holdsFirstBatch
            self.failing = failing
        }

        func commit(_ batch: [Int]) throws(StoreError) -> [StoreError?] {
            let isFirst = batches.withLock { batches -> Bool in
                batches.append(batch)
                return batches.count == 1
            }
            if isFirst && holdsFirstBatch {
                entered.signal()
                proceed.wait()
            }
            if let error = failing(batch) { throw error }
            return batch.map { $0 < 0 ? StoreError("write \($0) refused") : nil }
        }
    }

    /// Outcomes by write, filled in by completions.
    final class Outcomes: Sendable {
        let byWrite = LockedValue<[Int: StoreError?]>([:])
        let done = DispatchSemaphore(value: 0)

        func completion(for write: Int) -> @Sendable (StoreError?) -> Void {
            { error in
                self.byWrite.withLock { $0[write] = error }
                self.done.signal()
            }
        }

        func wait(for count: Int) {
            for _ in 0..<count { done.wait() }
        }
    }

    /// Write 0 committed alone and held there, `writes` queued behind it,
    /// then the hold released: returns once every completion ran, with the
    /// group commit (for further calls) and each write's outcome.
    func commitBehindAHeldBatch(_ writes: [Int], _ recorder: Recorder) -> (
        GroupCommit<Int>, [Int: StoreError?]
    ) {
        let commit = GroupCommit<Int> { (batch) throws(StoreError) in try recorder.commit(batch) }
        let outcomes = Outcomes()
        commit.enqueue(0, then: outcomes.completion(for: 0))
        recorder.entered.wait()
        for write in writes { commit.enqueue(write, then: outcomes.completion(for: write)) }
        // Nothing is answered while its batch is not committed.
        #expect(outcomes.byWrite.withLock { $0.isEmpty })
        recorder.proceed.signal()
        outcomes.wait(for: writes.count + 1)
        return (commit, outcomes.byWrite.withLock { $0 })
    }

    @Test func aLoneWriteIsCommittedAtOnceAndAlone() throws {
        let recorder = Recorder()
        let commit = GroupCommit<Int> { (batch) throws(StoreError) in try recorder.commit(batch) }
        try commit.commit(1)
        try commit.commit(2)
        #expect(recorder.batches.withLock { $0 } == [[1], [2]])
    }

    @Test func aWriteMadeOnceTheLastWasDoneIsABatchOfItsOwnWhileHousekeepingRuns() throws {
        let recorder = Recorder()
        let housekeeping = DispatchSemaphore(value: 0)
        let commit = GroupCommit<Int>(
            { (batch) throws(StoreError) in try recorder.commit(batch) },
            afterBatch: { _ = housekeeping.wait(timeout: .now() + 0.3) })
        try commit.commit(1)
        // The committer is still in the first batch's housekeeping: write 2
        // starts a batch at once, and write 3 queues behind it.
        let outcomes = Outcomes()
        commit.enqueue(2, then: outcomes.completion(for: 2))
        commit.enqueue(3, then: outcomes.completion(for: 3))
        housekeeping.signal()
        outcomes.wait(for: 2)
        #expect(recorder.batches.withLock { $0 } == [[1], [2], [3]])
    }

    @Test func writesArrivingDuringACommitShareTheNextOneAndAreAnsweredAfterIt() throws {
        let recorder = Recorder(holdsFirstBatch: true)
        let (_, byWrite) = commitBehindAHeldBatch(Array(1...5), recorder)
        #expect(recorder.batches.withLock { $0 } == [[0], [1, 2, 3, 4, 5]])
        #expect(byWrite.count == 6 && byWrite.values.allSatisfy { $0 == nil })
    }

    @Test func aFailedBatchFailsEveryWriteInItAndNoOther() throws {
        let recorder = Recorder(holdsFirstBatch: true) { batch in
            batch.count > 1 ? StoreError("database or disk is full") : nil
        }
        let (commit, byWrite) = commitBehindAHeldBatch(Array(1...4), recorder)
        #expect(byWrite[0]! == nil)
        for write in 1...4 { #expect(byWrite[write]! == StoreError("database or disk is full")) }
        // The committer goes on after a failure.
        try commit.commit(9)
    }

    @Test func aWriteRefusedAloneFailsAloneAndTheSynchronousCallThrowsIt() throws {
        let recorder = Recorder(holdsFirstBatch: true)
        let (commit, byWrite) = commitBehindAHeldBatch([1, -1, 2], recorder)
        #expect(recorder.batches.withLock { $0 } == [[0], [1, -1, 2]])
        #expect(byWrite[-1]! == StoreError("write -1 refused"))
        #expect(byWrite[1]! == nil && byWrite[2]! == nil)
        #expect(throws: StoreError("write -3 refused")) { try commit.commit(-3) }
    }

    @Test func withTwoBatchesUnderWayAWriteIsNotHeldBehindASlowBatch() throws {
        let recorder = Recorder(holdsFirstBatch: true)
        // Batches that complete later, as PostgreSQL's do, each on a thread of its own.
        let commit = GroupCommit<Int>(inFlight: 2) { batch, done in
            DispatchQueue.global().async {
                do throws(StoreError) { done(.success(try recorder.commit(batch))) } catch {
                    done(.failure(error))
                }
            }
        }
        let outcomes = Outcomes()
        commit.enqueue(0, then: outcomes.completion(for: 0))
        recorder.entered.wait()
        // The first batch is still under way: the second goes on its own and is answered.
        try commit.commit(1)
        #expect(outcomes.byWrite.withLock { $0.isEmpty })
        recorder.proceed.signal()
        outcomes.wait(for: 1)
        #expect(recorder.batches.withLock { $0 } == [[0], [1]])
        #expect(outcomes.byWrite.withLock { $0[0] } == .some(nil))
    }
}
