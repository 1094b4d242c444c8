import Dispatch
import FolioSync
import Foundation
import Testing

@testable import Folio

/// Reads that arrive together are answered by one batch; each gets its own
/// key's value, or the batch's error.
struct GroupReadTests {
    @Test func readsThatArriveTogetherShareBatchesAndGetTheirOwnValues() {
        let batches = LockedValue<[[Int]]>([])
        let gate = DispatchSemaphore(value: 0)
        let reads = GroupRead<Int, String> { (keys) throws(StoreError) -> [Int: String] in
            // The first batch waits until the others are queued behind it.
            if batches.withLock({ $0.isEmpty }) { gate.wait() }
            batches.withLock { $0.append(keys) }
            return Dictionary(uniqueKeysWithValues: keys.filter { $0 % 2 == 0 }.map { ($0, "v\($0)") })
        }
        let answers = LockedValue<[Int: String?]>([:])
        let done = DispatchGroup()
        for key in 0..<20 {
            done.enter()
            // Threads of their own, as the server's workers: all wait at once.
            Thread {
                let value = try? reads.read(key % 10)
                answers.withLock { $0[key] = value }
                done.leave()
            }.start()
        }
        Thread.sleep(forTimeInterval: 0.2)
        gate.signal()
        done.wait()
        for key in 0..<20 {
            #expect(answers.withLock { $0[key] } == (key % 2 == 0 ? "v\(key % 10)" : String?.none))
        }
        let sizes = batches.withLock { $0.map(\.count) }
        #expect(sizes.count <= 3 && sizes.allSatisfy { $0 <= 10 }, "batches \(sizes)")
    }

    @Test func aFailedBatchFailsEveryReadInIt() {
        let reads = GroupRead<Int, String> { (_) throws(StoreError) -> [Int: String] in
            throw StoreError("down")
        }
        #expect(throws: StoreError("down")) { try reads.read(1) }
    }
}
