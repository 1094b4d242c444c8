import Testing

@testable import FolioHTTP

/// A request handed to a worker thread (`HTTPDisposition.blocking`): the client
/// is waiting for its answer, so no deadline of the connection may end it.
@Suite struct ConnectionStateMachineOffloadTests {
    let timeouts = HTTPTimeouts.distinct

    @Test func theIdleTimerDoesNotCloseAConnectionWaitingForItsAnswer() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.requestHandedOff()
        #expect(machine.isAnswering)
        #expect(!machine.closesAfterWrite)
        #expect(machine.timerFired(now: 3600 * second) == .none)
        #expect(!machine.isClosed)
    }

    @Test func neitherHeadNorBodyDeadlineRunsWhileAnswering() {
        var head = ConnectionStateMachine(now: 0, timeouts: timeouts)
        head.waitingForMore(now: 0, readingBody: false, partialRequest: true)
        head.requestHandedOff()
        #expect(head.timerFired(now: 60 * second) == .none)
        var body = ConnectionStateMachine(now: 0, timeouts: timeouts)
        body.waitingForMore(now: 0, readingBody: true, partialRequest: true)
        body.requestHandedOff()
        #expect(body.timerFired(now: 60 * second) == .none)
    }

    @Test func theIdleClockRestartsWhenTheAnswerIsQueued() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.requestHandedOff()
        machine.responseQueued(now: 100 * second, keepAlive: true)
        #expect(!machine.isAnswering)
        #expect(machine.timerFired(now: 104 * second) == .none)
        #expect(machine.timerFired(now: 105 * second) == .close)
    }

    @Test func aBlockedWriteOfEarlierResponsesStillTimesOut() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.writeBlocked(now: 0)
        machine.requestHandedOff()
        #expect(machine.timerFired(now: 3 * second) == .none)
        #expect(machine.timerFired(now: 4 * second) == .close)
    }

    @Test func shutdownWhileAnsweringSendsTheAnswerWithCloseThenCloses() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.requestHandedOff()
        #expect(machine.shutdownRequested(now: 1, hasPendingInput: true) == .none)
        #expect(machine.isAnswering)
        #expect(machine.isShuttingDown)
        #expect(machine.timerFired(now: 60 * second) == .none)
        machine.responseQueued(now: 2, keepAlive: true)
        #expect(machine.closesAfterWrite)
        #expect(machine.outputDrained() == .close)
    }

    @Test func aHangUpWhileAnsweringClosesAndTheAnswerIsNoLongerAwaited() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.requestHandedOff()
        #expect(machine.peerClosed() == .close)
        #expect(!machine.isAnswering)
    }

    @Test func aHangUpWhileAnsweringWithOutputQueuedClosesOnceItIsWritten() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.writeBlocked(now: 0)
        machine.requestHandedOff()
        #expect(machine.peerClosed() == .none)
        #expect(!machine.isAnswering)
        #expect(machine.outputDrained() == .close)
    }
}
