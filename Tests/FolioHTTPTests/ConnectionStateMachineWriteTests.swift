import Testing

@testable import FolioHTTP

/// The write timeout (4 s here) bounds a client that reads nothing, not a
/// response that takes long to send (issue 11, item 5).
@Suite struct ConnectionStateMachineWriteTests {
    let timeouts = HTTPTimeouts.distinct

    @Test func aClientThatKeepsReadingIsNeverCutHoweverLongTheResponseTakes() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeBlocked(now: 0)
        // Some bytes go out every 3 s for a minute: each restarts the 4 s clock.
        var now: UInt64 = 0
        while now < 60 * second {
            now += 3 * second
            #expect(machine.timerFired(now: now) == .none)
            machine.writeProgressed(now: now)
            machine.writeBlocked(now: now)
        }
        #expect(!machine.isClosed)
        #expect(machine.outputDrained() == .none)
    }

    @Test func aClientThatStopsReadingIsCutOneWriteTimeoutAfterItsLastProgress() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeBlocked(now: 0)
        machine.writeProgressed(now: 3 * second)
        machine.writeBlocked(now: 3 * second)
        #expect(machine.timerFired(now: 7 * second - 1) == .none)
        #expect(machine.timerFired(now: 7 * second) == .close)
        #expect(machine.isClosed)
    }

    @Test func progressWithNothingBlockedStartsNoClock() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeProgressed(now: 1 * second)
        // Only the idle deadline (5 s from the response) runs.
        #expect(machine.timerFired(now: 5 * second - 1) == .none)
        #expect(machine.timerFired(now: 5 * second) == .close)
    }

    @Test func aDrainedQueueStopsTheClockAndTheNextBlockStartsAFullOne() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeBlocked(now: 0)
        #expect(machine.outputDrained() == .none)
        machine.responseQueued(now: 3 * second, keepAlive: true)
        machine.writeBlocked(now: 3 * second)
        #expect(machine.timerFired(now: 7 * second - 1) == .none)
        #expect(machine.timerFired(now: 7 * second) == .close)
    }
}
