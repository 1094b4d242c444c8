import Dispatch
import Foundation
import Testing

@testable import FolioHTTP

/// Requests the handler says may block run on worker threads: the loop keeps
/// serving its other connections, and each connection still gets its answers
/// in request order. Ordering, not timing, is asserted: the slow handler is
/// held until the test has seen what must happen first.
@Suite(.serialized) struct OffloadTests {
    @Test func answersOtherConnectionsWhileABlockingRequestWaitsThenAnswersItInOrder() throws {
        try withGatedServer { port, gate in
            let slow = try LoopbackClient(port: port)
            slow.send(
                "GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            #expect(slow.readResponse()?.text == "fast /a\n")
            #expect(gate.waitUntilEntered())
            // The only loop is free although /slow is unanswered.
            let fast = try LoopbackClient(port: port)
            fast.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(fast.readResponse()?.text == "fast /fast\n")
            gate.release.signal()
            let answer = try #require(slow.readResponse())
            #expect(answer.status == 200)
            #expect(answer.text == "slow /slow\n")
            #expect(answer.headers["connection"] == nil)
            #expect(slow.readResponse()?.text == "fast /b\n")
            // Still a keep-alive connection, parsing again.
            slow.send("GET /c HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(slow.readResponse()?.text == "fast /c\n")
        }
    }

    @Test func answersHeadFromAWorkerWithoutABody() throws {
        try withGatedServer { port, gate in
            gate.release.signal()
            let client = try LoopbackClient(port: port)
            client.send("HEAD /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(headRequest: true))
            #expect(head.headers["content-length"] == "\("slow /slow\n".utf8.count)")
            #expect(client.readResponse()?.text == "fast /after\n")
        }
    }

    @Test func closesAfterAWorkersAnswerWhenTheRequestSaidClose() throws {
        try withGatedServer { port, gate in
            gate.release.signal()
            let client = try LoopbackClient(port: port)
            client.send("GET /slow HTTP/1.0\r\n\r\nGET /ignored HTTP/1.0\r\n\r\n")
            let answer = try #require(client.readResponse())
            #expect(answer.text == "slow /slow\n")
            #expect(answer.headers["connection"] == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func theIdleTimeoutDoesNotCloseAConnectionWaitingForAWorker() throws {
        let shortIdle: (inout HTTPServerConfiguration) -> Void = { $0.timeouts.idle = .milliseconds(100) }
        try withGatedServer(shortIdle) { port, gate in
            let client = try LoopbackClient(port: port)
            client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(gate.waitUntilEntered())
            // Several idle periods pass while the handler works.
            let idle = try LoopbackClient(port: port)
            #expect(idle.isClosedByServer())
            usleep(300_000)
            gate.release.signal()
            #expect(client.readResponse()?.text == "slow /slow\n")
            client.send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "fast /again\n")
        }
    }

    @Test func shutdownAnswersARequestOnAWorkerWithCloseThenStops() throws {
        let gate = Gate()
        let server = HTTPServer(
            configuration: configured { $0.eventLoopCount = 1 }, handler: GatedHandler(gate: gate))
        let port = try server.start()
        let client = try LoopbackClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(gate.waitUntilEntered())
        let stopped = DispatchSemaphore(value: 0)
        let stopper = Thread {
            server.shutdown(gracePeriod: .seconds(5))
            stopped.signal()
        }
        stopper.start()
        // The listener closes first; the stop request reaches the loop right after.
        while let probe = try? LoopbackClient(port: port) { _ = probe }
        usleep(100_000)
        #expect(stopped.wait(timeout: .now()) == .timedOut, "the shutdown waits for the answer")
        gate.release.signal()
        let answer = try #require(client.readResponse())
        #expect(answer.text == "slow /slow\n")
        #expect(answer.headers["connection"] == "close")
        #expect(client.isClosedByServer())
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }

    @Test func dropsTheAnswerForAConnectionTheClientResetMeanwhile() throws {
        try withGatedServer { port, gate in
            let gone = try LoopbackClient(port: port)
            gone.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(gate.waitUntilEntered())
            gone.reset()
            usleep(100_000)
            // Likely on the very descriptor the server used for the reset one.
            let next = try LoopbackClient(port: port)
            next.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(next.readResponse()?.text == "fast /first\n")
            gate.release.signal()
            #expect(gate.left.wait(timeout: .now() + 5) == .success)
            usleep(100_000)
            // The stale answer went nowhere: this connection gets its own.
            next.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(next.readResponse()?.text == "fast /second\n")
        }
    }
}
