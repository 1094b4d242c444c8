import Dispatch
import FolioSync
import Testing

@Suite struct ReadWriteLockedValueTests {
    /// Writers change two numbers together; readers running at the same
    /// time never see one changed without the other, and no write is lost.
    @Test func readersSeeWholeWritesAndNoWriteIsLost() {
        let pair = ReadWriteLockedValue((0, 0))
        let torn = ReadWriteLockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for _ in 0..<5_000 {
                if worker % 2 == 0 {
                    pair.withWriteLock { pair in
                        pair.0 += 1
                        pair.1 -= 1
                    }
                } else if pair.withReadLock({ $0.0 + $0.1 }) != 0 {
                    torn.withWriteLock { $0 += 1 }
                }
            }
        }
        #expect(pair.withReadLock { $0.0 } == 20_000)
        #expect(pair.withReadLock { $0.1 } == -20_000)
        #expect(torn.withReadLock { $0 } == 0)
    }

    @Test func anErrorThrownInsideLeavesTheLockFree() {
        struct Refused: Error {}
        let value = ReadWriteLockedValue(1)
        #expect(throws: Refused.self) {
            try value.withReadLock { (_: borrowing Int) throws(Refused) in throw Refused() }
        }
        #expect(throws: Refused.self) {
            try value.withWriteLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withReadLock { $0 } == 2)
        value.withWriteLock { $0 = 3 }
        #expect(value.withReadLock { $0 } == 3)
    }
}
