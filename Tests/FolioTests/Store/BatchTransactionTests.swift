import FolioCore
import Testing

@testable import Folio

/// Two conditional saves of one pager in one batch: the second, queued by
/// a click decided on the first's record, finds that record (the batch's
/// read was made before either), and one decided before the first is refused.
@Suite struct BatchTransactionTests {
    func save(_ index: Int, expecting expected: Int) throws -> SessionWrite {
        .savePager(
            session: "s0", pager: "x", record: try fourPageRecord(selecting: index).storedJSON, lastSeen: nil,
            expected: ExpectedPager(record: try fourPageRecord(selecting: expected)))
    }

    /// Runs `batch` with the session stored on page 0: the saves' upserts
    /// sent in the writing round, in order, and the batch's outcome.
    func run(_ batch: [SessionWrite]) throws -> (saved: [[UInt8]], outcome: [StoreError?]) {
        var transaction = BatchTransaction(batch)
        guard case .run(let reads) = transaction.start() else { throw StoreError("no reading round") }
        let stored = try fourPageRecord(selecting: 0).storedJSON
        let read: [StatementOutcome] = reads.map {
            switch $0 {
            case .lockSession: .lastSeen(1)
            case .selectPager: .record(stored)
            default: .done
            }
        }
        guard case .run(let writes) = transaction.next(after: read) else {
            throw StoreError("no writing round")
        }
        let saved = writes.compactMap { statement -> [UInt8]? in
            if case .upsertPager(_, _, let record) = statement { record } else { nil }
        }
        guard case .finished(.committed(let outcome)) = transaction.next(after: writes.map { _ in .done })
        else {
            throw StoreError("not committed")
        }
        return (saved, outcome)
    }

    @Test func aSaveQueuedBehindAnotherOfItsPagerFindsThatSavesRecord() throws {
        let (saved, outcome) = try run([try save(1, expecting: 0), try save(2, expecting: 1)])
        #expect(
            saved == [
                try fourPageRecord(selecting: 1).storedJSON, try fourPageRecord(selecting: 2).storedJSON,
            ])
        #expect(outcome.map { $0 == nil } == [true, true])
    }

    @Test func aSaveDecidedBeforeAnotherOfItsPagerIsRefused() throws {
        let (saved, outcome) = try run([try save(1, expecting: 0), try save(2, expecting: 0)])
        #expect(saved == [try fourPageRecord(selecting: 1).storedJSON])
        #expect(outcome[0] == nil && outcome[1]?.isConflict == true)
    }

    @Test func aSaveBehindARefusedOneIsRefusedToo() throws {
        let (saved, outcome) = try run([try save(1, expecting: 3), try save(2, expecting: 1)])
        #expect(saved.isEmpty)
        #expect(outcome.map { $0?.isConflict } == [true, true])
    }
}
