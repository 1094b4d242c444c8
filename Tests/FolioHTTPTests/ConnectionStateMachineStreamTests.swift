import Testing

@testable import FolioHTTP

/// A streaming response owns its connection: no idle, head or body deadline
/// ends it, only a write the client never takes; its end restarts keep-alive.
@Suite struct ConnectionStateMachineStreamTests {
    let timeouts = HTTPTimeouts.distinct

    @Test func noIdleOrRequestDeadlineEndsAStream() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 0, readingBody: false, partialRequest: true)
        machine.streamStarted()
        #expect(machine.isStreaming && machine.holdsConnection)
        #expect(machine.timerFired(now: 24 * 3600 * second) == .none)
        machine.waitingForMore(now: 0, readingBody: true, partialRequest: true)
        #expect(machine.timerFired(now: 48 * 3600 * second) == .none)
        #expect(!machine.isClosed)
    }

    @Test func aStreamWhoseClientTakesNothingTimesOut() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.streamStarted()
        machine.writeBlocked(now: 10 * second)
        #expect(machine.timerFired(now: 13 * second) == .none)
        #expect(machine.timerFired(now: 14 * second) == .close)
    }

    @Test func theEndOfAStreamRestartsTheIdleClockOrCloses() {
        var kept = ConnectionStateMachine(now: 0, timeouts: timeouts)
        kept.streamStarted()
        kept.responseQueued(now: 100 * second, keepAlive: true)
        #expect(!kept.holdsConnection)
        #expect(kept.timerFired(now: 104 * second) == .none)
        #expect(kept.timerFired(now: 105 * second) == .close)
        var closing = ConnectionStateMachine(now: 0, timeouts: timeouts)
        closing.streamStarted()
        #expect(closing.shutdownRequested(now: 1, hasPendingInput: true) == .none)
        closing.responseQueued(now: 2, keepAlive: true)
        #expect(closing.closesAfterWrite)
    }

    @Test func aHangUpDuringAStreamCloses() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.streamStarted()
        #expect(machine.peerClosed() == .close)
    }
}
