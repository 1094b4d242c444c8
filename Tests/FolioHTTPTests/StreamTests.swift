import Foundation
import Testing

@testable import FolioHTTP

/// Streaming responses: head at once, chunks in order from any thread, the
/// final chunk on `finish()`, then keep-alive; `HEAD` and HTTP/1.0.
@Suite(.serialized) struct StreamTests {
    @Test func chunksSentFromAnotherThreadArriveInOrder() throws {
        try withStreamServer { port, hub, _ in
            let client = try LoopbackClient(port: port)
            client.send(getRequest("/stream"))
            let head = try #require(client.readResponse(headRequest: true))
            #expect(head.status == 200)
            #expect(head.headers["transfer-encoding"] == "chunked")
            #expect(head.headers["content-length"] == nil)
            #expect(head.headers["content-type"] == "text/event-stream")
            let stream = try #require(hub.nextStream())
            let sent = Thread {
                for number in 0..<200 { stream.send(Array("data: \(number)\n\n".utf8)) }
            }
            sent.start()
            var received = ""
            while received.components(separatedBy: "\n\n").count <= 200 {
                received += try #require(client.readChunkText())
            }
            #expect(received == (0..<200).map { "data: \($0)\n\n" }.joined())
        }
    }

    @Test func finishSendsTheFinalChunkAndThePipelinedRequestWaitsForIt() throws {
        try withStreamServer { port, hub, _ in
            let client = try LoopbackClient(port: port)
            // Pipelined behind the stream: not read until the stream ends.
            client.send(getRequest("/stream") + getRequest("/after"))
            _ = try #require(client.readResponse(headRequest: true))
            let stream = try #require(hub.nextStream())
            stream.send(Array("one".utf8))
            #expect(client.readChunkText() == "one")
            usleep(100_000)
            #expect(client.buffered.isEmpty)  // no answer to /after meanwhile
            Thread.detachNewThread { stream.finish() }
            #expect(client.readChunk() == [])
            #expect(hub.nextEnd() == .finished)
            #expect(stream.hasEnded)
            #expect(!stream.send(Array("late".utf8)))
            #expect(client.readResponse()?.text == "fast /after\n")
            client.send(getRequest("/again"))
            #expect(client.readResponse()?.text == "fast /again\n")
        }
    }

    @Test func headGetsTheHeadAloneAndTheStreamNeverStarts() throws {
        try withStreamServer { port, hub, _ in
            let client = try LoopbackClient(port: port)
            client.send("HEAD /stream HTTP/1.1\r\nHost: t\r\n\r\n" + getRequest("/after"))
            let head = try #require(client.readResponse(headRequest: true))
            #expect(head.status == 200)
            #expect(head.headers["transfer-encoding"] == "chunked")
            #expect(client.readResponse()?.text == "fast /after\n")
            #expect(hub.startedCount == 0)
        }
    }

    @Test func anHTTP10StreamSendsRawBytesAndClosesAtTheEnd() throws {
        try withStreamServer { port, hub, _ in
            let client = try LoopbackClient(port: port)
            client.send("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let head = try #require(client.readResponse(headRequest: true))
            #expect(head.headers["transfer-encoding"] == nil)
            #expect(head.headers["connection"] == "close")
            let stream = try #require(hub.nextStream())
            stream.send(Array("raw bytes".utf8))
            stream.finish()
            #expect(client.isClosedByServerAfter(Array("raw bytes".utf8)))
            #expect(hub.nextEnd() == .finished)
        }
    }

    @Test func inProcessTheResponseIsItsHeadWithNoBytes() {
        let response = StreamingHandler(hub: StreamHub()).disposition(
            for: HTTPRequest(method: .get, target: "/stream")
        ).response()
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        guard case .stream = response.body else {
            Issue.record("not a stream body")
            return
        }
        #expect(response.body.collectedBytes() == nil)
    }
}

extension LoopbackClient {
    /// Whether exactly `bytes` arrive, then EOF.
    func isClosedByServerAfter(_ bytes: [UInt8]) -> Bool {
        while fill() {}
        return buffered == bytes
    }
}
