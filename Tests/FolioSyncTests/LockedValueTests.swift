import Dispatch
import FolioSync
import Testing

@Suite struct LockedValueTests {
    @Test func updatesFromManyThreadsAreNeverLost() {
        let counts = LockedValue([Int: Int]())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for step in 0..<10_000 {
                counts.withLock { $0[step % 16, default: 0] += 1 }
            }
        }
        #expect(counts.withLock { $0.values.reduce(0, +) } == 80_000)
        #expect(counts.withLock { $0[0] } == 5_000)
    }

    @Test func anErrorThrownInsideLeavesTheLockFreeAndTheChangeMade() {
        struct Refused: Error {}
        let value = LockedValue(1)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
