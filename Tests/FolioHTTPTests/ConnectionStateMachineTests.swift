import Testing

@testable import FolioHTTP

@Suite struct ConnectionStateMachineTests {
    let timeouts = HTTPTimeouts.distinct

    @Test func closesAnIdleKeepAliveConnectionAfterTheIdleTimeout() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.timerFired(now: 4 * second) == .none)
        #expect(machine.timerFired(now: 5 * second) == .close)
        #expect(machine.isClosed)
    }

    @Test func countsTheHeadDeadlineFromTheFirstByteNotPerRead() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 1 * second, readingBody: false, partialRequest: true)
        // More bytes trickling in do not move the deadline.
        machine.waitingForMore(now: 2 * second, readingBody: false, partialRequest: true)
        #expect(machine.timerFired(now: 2 * second + 1) == .none)
        #expect(machine.timerFired(now: 3 * second) == .rejectAndClose(.requestTimeout))
        #expect(machine.closesAfterWrite)
    }

    @Test func givesTheBodyItsOwnDeadline() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 1 * second, readingBody: false, partialRequest: true)
        machine.waitingForMore(now: 2 * second, readingBody: true, partialRequest: true)
        #expect(machine.timerFired(now: 4 * second) == .none)
        #expect(machine.timerFired(now: 5 * second) == .rejectAndClose(.requestTimeout))
    }

    @Test func returnsToIdleAfterAKeepAliveResponse() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.waitingForMore(now: 0, readingBody: false, partialRequest: true)
        machine.responseQueued(now: 1 * second, keepAlive: true)
        #expect(!machine.closesAfterWrite)
        #expect(machine.timerFired(now: 5 * second) == .none)
        #expect(machine.timerFired(now: 6 * second) == .close)
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
        machine.writeBlocked(now: 1 * second)
        machine.writeBlocked(now: 3 * second)
        #expect(machine.timerFired(now: 4 * second) == .none)
        #expect(machine.timerFired(now: 5 * second) == .close)
    }

    @Test func shutdownClosesIdleConnectionsAndLetsBusyOnesFinish() {
        var idle = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(idle.shutdownRequested(now: 0, hasPendingInput: false) == .close)
        var busy = ConnectionStateMachine(now: 0, timeouts: timeouts)
        busy.waitingForMore(now: 0, readingBody: true, partialRequest: true)
        #expect(busy.shutdownRequested(now: 0, hasPendingInput: true) == .none)
        busy.responseQueued(now: 0, keepAlive: true)
        #expect(busy.closesAfterWrite)
        #expect(busy.isShuttingDown)
    }

    @Test func shutdownReadsAnIdleConnectionWhoseRequestAlreadyArrivedAndClosesAfterAnsweringIt() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.shutdownRequested(now: 0, hasPendingInput: true) == .read)
        #expect(!machine.isClosed)
        #expect(!machine.closesAfterWrite)
        #expect(machine.isShuttingDown)
        // The client asked for keep-alive; shutdown overrides it.
        machine.responseQueued(now: 0, keepAlive: true)
        #expect(machine.closesAfterWrite)
        #expect(machine.outputDrained() == .close)
    }

    @Test func aPartialRequestFoundAtShutdownGetsTheHeadDeadline() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.shutdownRequested(now: 1 * second, hasPendingInput: true) == .read)
        machine.waitingForMore(now: 1 * second, readingBody: false, partialRequest: true)
        #expect(machine.timerFired(now: 3 * second - 1) == .none)
        #expect(machine.timerFired(now: 3 * second) == .rejectAndClose(.requestTimeout))
    }

    @Test func aBodyFoundAtShutdownGetsTheBodyDeadline() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        #expect(machine.shutdownRequested(now: 0, hasPendingInput: true) == .read)
        machine.waitingForMore(now: 1 * second, readingBody: true, partialRequest: true)
        #expect(machine.timerFired(now: 3 * second) == .none)
        #expect(machine.timerFired(now: 4 * second) == .rejectAndClose(.requestTimeout))
    }

    @Test func shutdownFinishesQueuedOutputBeforeReadingMore() {
        var machine = ConnectionStateMachine(now: 0, timeouts: timeouts)
        machine.responseQueued(now: 0, keepAlive: true)
        machine.writeBlocked(now: 0)
        #expect(machine.shutdownRequested(now: 0, hasPendingInput: true) == .none)
        #expect(machine.closesAfterWrite)
        #expect(machine.outputDrained() == .close)
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

@Suite struct ResponseSerializerTests {
    @Test func fillsInDateLengthAndCloseAndReplacesTheHandlersCopies() {
        var serializer = ResponseSerializer()
        let response = HTTPResponse(
            status: .ok, headers: ["Content-Length": "999", "X-A": "1", "Connection": "keep-alive"],
            body: .bytes(Array("hello".utf8)))
        serializer.serializeHead(response, keepAlive: false, http10: false)
        let text = String(decoding: serializer.head, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nX-A: 1\r\nDate: "))
        #expect(text.hasSuffix("\r\nContent-Length: 5\r\nConnection: close\r\n\r\n"))
    }

    @Test func stripsLineBreaksAHandlerPutsInHeaders() {
        var serializer = ResponseSerializer()
        let response = HTTPResponse(
            status: HTTPStatus(code: 200, reasonPhrase: "OK\r\nX-Evil: 1"),
            headers: ["X-B": "a\r\nSet-Cookie: x=1"])
        serializer.serializeHead(response, keepAlive: true, http10: false)
        let text = String(decoding: serializer.head, as: UTF8.self)
        #expect(!text.contains("\r\nX-Evil"))
        #expect(!text.contains("\r\nSet-Cookie"))
    }

    /// A lone CR, a lone LF or a NUL anywhere in a name or value is dropped,
    /// each found whichever comes first, and the rest of the field is kept.
    @Test func dropsEachLineBreakByteAndNulWherever() {
        var serializer = ResponseSerializer()
        let values = ["a\rb", "a\nb", "a\u{0}b", "\r\nlead", "trail\r\n", "\u{0}m\ri\nd\u{0}"]
        let response = HTTPResponse(
            headers: HTTPHeaders(values.enumerated().map { ("X-\($0.offset)\r", $0.element) }))
        serializer.serializeHead(response, keepAlive: true, http10: false)
        let text = String(decoding: serializer.head, as: UTF8.self)
        for (index, kept) in ["ab", "ab", "ab", "lead", "trail", "mid"].enumerated() {
            #expect(
                text.contains("\r\nX-\(index): \(kept)\r\n"), "field \(index) in \(text.debugDescription)")
        }
        #expect(!text.utf8.contains(0))
    }

    @Test func writesEachResponsesOwnFieldsWhenTheyFollowOneAnother() {
        var serializer = ResponseSerializer()
        // The same text to `==`, other bytes: precomposed, then decomposed.
        let answers = [
            ["Set-Cookie": "a=1", "X-Name": "caf\u{E9}"], ["Set-Cookie": "a=1", "X-Name": "cafe\u{301}"],
            ["Set-Cookie": "b=2", "X-Name": "cafe\u{301}"], ["Set-Cookie": "b=2"],
        ]
        var heads: [String] = []
        for (index, headers) in answers.enumerated() {
            serializer.serializeHead(
                HTTPResponse(
                    headers: HTTPHeaders(headers.sorted { $0.key > $1.key }.map { ($0.key, $0.value) })),
                keepAlive: true,
                http10: false)
            heads.append(String(decoding: serializer.head, as: UTF8.self))
            for (name, value) in headers {
                #expect(
                    Array(serializer.head).firstRange(of: Array("\r\n\(name): \(value)\r\n".utf8)) != nil,
                    "answer \(index) lacks \(name)")
            }
        }
        #expect(heads[1].utf8.contains(0xCC) && !heads[0].utf8.contains(0xCC))
        #expect(!heads[3].contains("X-Name"))
    }

    /// A handler's fields made once and answered again and again, between
    /// answers with fields of their own and a copy that gained a field.
    @Test func writesFieldsMadeOnceTheSameEachTimeTheyAreAnswered() {
        var serializer = ResponseSerializer()
        let shared: HTTPHeaders = ["Content-Type": "text/html", "X-Kept": "1"]
        var gained = shared
        gained.add(name: "Set-Cookie", value: "a=1")
        let answers: [HTTPHeaders] = [shared, shared, ["X-Other": "2"], shared, gained, shared, [:], shared]
        for (index, headers) in answers.enumerated() {
            serializer.serializeHead(HTTPResponse(headers: headers), keepAlive: true, http10: false)
            let text = String(decoding: serializer.head, as: UTF8.self)
            let fields = headers.map { "\($0.name): \($0.value)\r\n" }.joined()
            #expect(
                text.hasPrefix("HTTP/1.1 200 OK\r\n" + fields + "Date: "),
                "answer \(index): \(text.debugDescription)")
        }
    }

    @Test func sendsNoLengthFor304AndSays500ForAnImpossibleStatus() {
        var serializer = ResponseSerializer()
        serializer.serializeHead(HTTPResponse(status: .notModified), keepAlive: true, http10: false)
        #expect(!String(decoding: serializer.head, as: UTF8.self).contains("Content-Length"))
        serializer.serializeHead(HTTPResponse(status: HTTPStatus(code: -7)), keepAlive: true, http10: false)
        #expect(String(decoding: serializer.head, as: UTF8.self).hasPrefix("HTTP/1.1 500 "))
    }
}
