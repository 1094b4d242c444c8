import Dispatch
import FolioSync
import Foundation
import Testing

@testable import Folio

/// A line repeated during an outage: the first written at once, the rest
/// of each interval as one line with their count.
struct RepeatedLineLimiterTests {
    @Test func theFirstLineIsWrittenAtOnceAndTheRestOfTheIntervalAsOneCountedLine() {
        let written = LockedValue<[String]>([])
        let limiter = RepeatedLineLimiter(interval: 0.3) { line in written.withLock { $0.append(line) } }
        for number in 1...408 { limiter.note("failed \(number)") }
        #expect(written.withLock { $0 } == ["failed 1"])
        let deadline = DispatchTime.now() + 10
        while written.withLock({ $0.count }) < 2, DispatchTime.now() < deadline { usleep(10_000) }
        #expect(written.withLock { $0 } == ["failed 1", "failed 408 (and 406 more like it in 0.3 s)"])
    }

    @Test func aLineAfterAQuietIntervalIsWrittenAtOnceAgain() {
        let written = LockedValue<[String]>([])
        let limiter = RepeatedLineLimiter(interval: 0.05) { line in written.withLock { $0.append(line) } }
        limiter.note("first")
        // Past the interval with nothing held: the window closes.
        usleep(1_000_000)
        limiter.note("second")
        #expect(written.withLock { $0 } == ["first", "second"])
    }
}
