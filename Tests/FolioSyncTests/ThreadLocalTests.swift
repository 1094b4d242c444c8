import Dispatch
import FolioSync
import Foundation
import Synchronization
import Testing

@Suite struct ThreadLocalTests {
    final class Counter {
        static let alive = Atomic<Int>(0)
        var count = 0
        init() { Self.alive.add(1, ordering: .relaxed) }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    /// Each thread gets one object of its own, the same one at every use,
    /// and it goes when its thread ends.
    @Test func eachThreadHasItsOwnObjectUntilItEnds() {
        let counters = ThreadLocal { Counter() }
        let before = Counter.alive.load(ordering: .relaxed)
        // A pthread mutex, which ThreadSanitizer follows: it reports
        // `Mutex` captured by threads as racing (Tests/Security/MutexProbe.swift).
        let seen = LockedValue<[ObjectIdentifier: Int]>([:])
        let finished = DispatchGroup()
        // Every thread holds on until all six have theirs: an object freed
        // early could have its address, and so its identifier, reused.
        let allCounted = DispatchGroup()
        for _ in 0..<6 { allCounted.enter() }
        for _ in 0..<6 {
            finished.enter()
            Thread {
                defer { finished.leave() }
                let mine = counters.value
                for _ in 0..<1_000 { counters.value.count += 1 }
                #expect(counters.value === mine)
                seen.withLock { $0[ObjectIdentifier(mine)] = mine.count }
                allCounted.leave()
                allCounted.wait()
            }.start()
        }
        finished.wait()
        #expect(seen.withLock { $0.count } == 6)
        #expect(seen.withLock { $0.values.allSatisfy { $0 == 1_000 } })
        // A thread's destructor runs as it exits, just after it signalled.
        let deadline = Date().addingTimeInterval(5)
        while Counter.alive.load(ordering: .relaxed) > before, Date() < deadline { usleep(1_000) }
        #expect(Counter.alive.load(ordering: .relaxed) == before)
    }
}
