import Dispatch
import FolioSync
import Foundation
import Testing

@testable import FolioHTTP

/// `.deferred` answers: started on the loop, answered from another thread
/// with no worker waiting, in request order; answered at once when the
/// answer is ready before the start returns; handed to the workers on
/// `respond(running:)`; and a dropped responder answers 500.
@Suite(.serialized) struct DeferredAnswerTests {
    /// Holds the responders of `/later...` until the test answers them.
    final class Pending: Sendable {
        let responders = LockedValue<[HTTPResponder]>([])
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        func take() -> [HTTPResponder] {
            responders.withLock { taken in
                defer { taken = [] }
                return taken
            }
        }
    }

    struct DeferringHandler: HTTPHandler {
        let pending: Pending

        func disposition(for request: HTTPRequest) -> HTTPDisposition {
            let path = request.path
            switch path {
            case "/later":
                return .deferred { responder in
                    pending.responders.withLock { $0.append(responder) }
                    pending.started.signal()
                }
            case "/now": return .deferred { responder in responder.respond(.text(.ok, "now")) }
            case "/worker":
                return .deferred { responder in
                    responder.respond(running: {
                        // Blocks: on the loop this would hold up every other connection.
                        pending.started.signal()
                        pending.release.wait()
                        return .text(.ok, "worker")
                    })
                }
            case "/dropped": return .deferred { _ in }
            default: return .answer(handle(request))
            }
        }

        func handle(_ request: HTTPRequest) -> HTTPResponse { .text(.ok, "fast \(request.path)") }
    }

    func withServer(_ body: (_ port: Int, _ pending: Pending) throws -> Void) throws {
        let pending = Pending()
        let server = HTTPServer(
            configuration: configured { $0.eventLoopCount = 1 }, handler: DeferringHandler(pending: pending))
        let port = try server.start()
        defer {
            for responder in pending.take() { responder.respond(.text(.ok, "at stop")) }
            server.shutdown(gracePeriod: .seconds(2))
        }
        try body(port, pending)
    }

    @Test func aDeferredAnswerComesFromAnotherThreadInRequestOrderWhileTheLoopServesOthers() throws {
        try withServer { port, pending in
            let client = try LoopbackClient(port: port)
            client.send(
                "GET /a HTTP/1.1\r\nHost: t\r\n\r\nGET /later HTTP/1.1\r\nHost: t\r\n\r\nGET /b HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            #expect(client.readResponse()?.text == "fast /a\n")
            #expect(pending.started.wait(timeout: .now() + 5) == .success)
            let other = try LoopbackClient(port: port)
            other.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.text == "fast /other\n")
            let responders = pending.take()
            #expect(responders.count == 1)
            Thread.detachNewThread { responders.first?.respond(.text(.ok, "later")) }
            #expect(client.readResponse()?.text == "later\n")
            #expect(client.readResponse()?.text == "fast /b\n")
        }
    }

    @Test func manyDeferredAnswersGivenTogetherAllArrive() throws {
        try withServer { port, pending in
            let clients = try (0..<20).map { _ in try LoopbackClient(port: port) }
            for client in clients { client.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n") }
            for _ in clients { #expect(pending.started.wait(timeout: .now() + 5) == .success) }
            // One thread answers them all at once, as a group commit does.
            for (number, responder) in pending.take().enumerated() {
                responder.respond(.text(.ok, "answer \(number)"))
            }
            for client in clients { #expect(client.readResponse()?.status == 200) }
        }
    }

    @Test func anAnswerReadyAtTheStartIsSentAtOnceAndTheConnectionGoesOn() throws {
        try withServer { port, _ in
            let client = try LoopbackClient(port: port)
            client.send("GET /now HTTP/1.1\r\nHost: t\r\n\r\nGET /now HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "now\n")
            #expect(client.readResponse()?.text == "now\n")
        }
    }

    @Test func respondRunningHandsTheWorkToAWorkerThread() throws {
        try withServer { port, pending in
            let client = try LoopbackClient(port: port)
            client.send("GET /worker HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(pending.started.wait(timeout: .now() + 5) == .success)
            // The one loop is free while the work blocks.
            let other = try LoopbackClient(port: port)
            other.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(other.readResponse()?.text == "fast /other\n")
            pending.release.signal()
            #expect(client.readResponse()?.text == "worker\n")
        }
    }

    @Test func aDroppedResponderAnswers500AndTheConnectionGoesOn() throws {
        try withServer { port, _ in
            let client = try LoopbackClient(port: port)
            client.send("GET /dropped HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 500)
            #expect(client.readResponse()?.text == "fast /after\n")
        }
    }

    @Test func aResponderAnswersOnceAndResponseWaitsForADeferredAnswer() {
        let answers = LockedValue<[Int]>([])
        let responder = HTTPResponder { response in answers.withLock { $0.append(response.status.code) } }
        responder.respond(.text(.ok, "first"))
        responder.respond(.text(.notFound, "second"))
        #expect(answers.withLock { $0 } == [200])
        let waited = HTTPDisposition.deferred { responder in
            Thread.detachNewThread { responder.respond(.text(.created, "made")) }
        }.response()
        #expect(waited.status == .created)
    }
}
