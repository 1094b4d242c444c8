import Testing

@testable import FolioHTTP

@Suite struct ConnectionStateMachineTests {
    static let second: UInt64 = 1_000_000_000
    let timeouts = HTTPTimeouts(head: .seconds(2), body: .seconds(3), idle: .seconds(5), write: .seconds(4))

    @Test func closesAnIdleKeepAliveConnectionAfterTheIdleTimeout() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.timerFired(now: 4 * Self.second) == .none)
        #expect(machine.timerFired(now: 5 * Self.second) == .close)
        #expect(machine.isClosed)
    }

    @Test func countsTheHeadDeadlineFromTheFirstByteNotPerRead() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 1 * Self.second, readingBody: false, partialRequest: true)
        // More bytes trickling in do not move the deadline.
        machine.waitingForMore(now: 2 * Self.second, readingBody: false, partialRequest: true)
        #expect(machine.timerFired(now: 2 * Self.second + 1) == .none)
        #expect(machine.timerFired(now: 3 * Self.second) == .rejectAndClose(.requestTimeout))
        #expect(machine.closesAfterWrite)
    }

    @Test func givesTheBodyItsOwnDeadline() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 1 * Self.second, readingBody: false, partialRequest: true)
        machine.waitingForMore(now: 2 * Self.second, readingBody: true, partialRequest: true)
        #expect(machine.timerFired(now: 4 * Self.second) == .none)
        #expect(machine.timerFired(now: 5 * Self.second) == .rejectAndClose(.requestTimeout))
    }

    @Test func returnsToIdleAfterAKeepAliveResponse() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 0, readingBody: false, partialRequest: true)
        machine.responseQueued(now: 1 * Self.second, keepAlive: true)
        #expect(!machine.closesAfterWrite)
        #expect(machine.timerFired(now: 5 * Self.second) == .none)
        #expect(machine.timerFired(now: 6 * Self.second) == .close)
    }

    @Test func closesAfterWritingWhenTheResponseSaidClose() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: false)
        #expect(machine.closesAfterWrite)
        #expect(machine.outputDrained() == .close)
    }

    @Test func closesAConnectionWhoseClientStopsReading() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeBlocked(now: 1 * Self.second)
        machine.writeBlocked(now: 3 * Self.second)
        #expect(machine.timerFired(now: 4 * Self.second) == .none)
        #expect(machine.timerFired(now: 5 * Self.second) == .close)
    }

    @Test func shutdownClosesIdleConnectionsAndLetsBusyOnesFinish() {
        var idle = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(idle.shutdownRequested() == .close)
        var busy = ConnectionStateMachine(now: 0, timeouts: timeouts)
        busy.waitingForMore(now: 0, readingBody: true, partialRequest: true)
        #expect(busy.shutdownRequested() == .none)
        busy.responseQueued(now: 0, keepAlive: true)
        #expect(busy.closesAfterWrite)
        #expect(busy.isShuttingDown)
    }

    @Test func peerCloseWithNothingQueuedClosesAtOnce() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.peerClosed() == .close)
        var writing = ConnectionStateMachine(now: 0, timeouts: timeouts)
        writing.writeBlocked(now: 0)
        #expect(writing.peerClosed() == .none)
        #expect(writing.outputDrained() == .close)
    }
}
