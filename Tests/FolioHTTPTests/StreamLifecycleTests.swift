import Foundation
import Testing

@testable import FolioHTTP

/// How streams end (the client closes, a reader stalls, the server stops),
/// what keeps them open (heartbeats, no idle timeout), and that they count
/// as connections.
@Suite(.serialized) struct StreamLifecycleTests {
    @Test func aClientThatClosesEndsTheStream() throws {
        try withStreamServer { port, hub, _ in
            let client = try streamingClient(port: port)
            let stream = try #require(hub.nextStream())
            let closed = Date()
            client.reset()
            #expect(hub.nextEnd(seconds: 2) == .clientClosed)
            #expect(Date().timeIntervalSince(closed) < 1)
            #expect(!stream.send(Array("gone".utf8)))
            // The end is told to a handler registered after it, too.
            let late = DispatchSemaphore(value: 0)
            stream.onEnd { end in if end == .clientClosed { late.signal() } }
            #expect(late.wait(timeout: .now() + 2) == .success)
        }
    }

    @Test func aClientThatHalfClosesEndsTheStream() throws {
        try withStreamServer { port, hub, _ in
            let client = try streamingClient(port: port)
            _ = try #require(hub.nextStream())
            shutdown(client.fd, Int32(SHUT_WR))
            #expect(hub.nextEnd(seconds: 2) == .clientClosed)
        }
    }

    @Test func aReaderThatNeverReadsIsDroppedWhileAnotherStreamOfTheLoopGoesOn() throws {
        try withStreamServer(changing(\.streamOutputLimit, to: 64 * 1024)) { port, hub, _ in
            let stalled = try LoopbackClient(port: port, receiveBuffer: 4096)
            stalled.send(getRequest("/stream"))
            let stalledStream = try #require(hub.nextStream())
            let reader = try streamingClient(port: port)
            let readStream = try #require(hub.nextStream())
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024)
            var sent = 0
            // Paced, so the loop keeps up and only the reader's stall counts.
            while stalledStream.send(chunk) {
                sent += chunk.count
                readStream.send(Array("tick".utf8))
                #expect(reader.readChunkText() == "tick")
                if sent > 64 * 1024 * 1024 { break }
                usleep(200)
            }
            #expect(sent < 64 * 1024 * 1024, "the stalled reader was never dropped")
            #expect(hub.nextEnd() == .stalled)
            #expect(stalledStream.hasEnded)
            #expect(readStream.send(Array("still here".utf8)))
            #expect(reader.readChunkText() == "still here")
            #expect(!readStream.hasEnded)
        }
    }

    @Test func aSendPastTheLimitEndsTheStreamAtOnce() throws {
        try withStreamServer(changing(\.streamOutputLimit, to: 64 * 1024)) { port, hub, _ in
            let client = try LoopbackClient(port: port)
            client.send(getRequest("/stream"))
            let stream = try #require(hub.nextStream())
            #expect(!stream.send([UInt8](repeating: 0x61, count: 65 * 1024)))
            #expect(hub.nextEnd() == .stalled)
            _ = client.readResponse(headRequest: true)
            #expect(client.isClosedByServer())
        }
    }

    @Test func aSilentStreamGetsHeartbeatsAndOutlivesTheIdleTimeout() throws {
        try withStreamServer(
            changing(\.timeouts, to: HTTPTimeouts(head: .milliseconds(200), idle: .milliseconds(200)))
        ) { port, hub, _ in
            let client = try streamingClient(port: port, target: "/stream?heartbeat=300")
            let stream = try #require(hub.nextStream())
            let started = Date()
            #expect(client.readChunkText() == ": hb\n\n")
            #expect(Date().timeIntervalSince(started) > 0.2)
            stream.send(Array("data: x\n\n".utf8))
            #expect(client.readChunkText() == "data: x\n\n")
            for _ in 0..<3 { #expect(client.readChunkText() == ": hb\n\n") }
            #expect(Date().timeIntervalSince(started) > 1)
            #expect(!stream.hasEnded)
        }
    }

    @Test func aSilentStreamWithoutHeartbeatIsNotCutByTheIdleTimeout() throws {
        try withStreamServer(changing(\.timeouts.idle, to: .milliseconds(200))) { port, hub, _ in
            let client = try streamingClient(port: port)
            let stream = try #require(hub.nextStream())
            usleep(700_000)
            #expect(stream.send(Array("late".utf8)))
            #expect(client.readChunkText() == "late")
        }
    }

    @Test func stoppingTheServerEndsEveryStreamWithItsFinalChunk() throws {
        let hub = StreamHub()
        let server = HTTPServer(
            configuration: configured { $0.eventLoopCount = 2 }, handler: StreamingHandler(hub: hub))
        let port = try server.start()
        let clients = try (0..<4).map { _ in try LoopbackClient(port: port) }
        for client in clients {
            client.send(getRequest("/stream"))
            _ = try #require(client.readResponse(headRequest: true))
            _ = try #require(hub.nextStream())
        }
        let stopped = Date()
        server.shutdown(gracePeriod: .seconds(5))
        // Not the grace period: the streams end at once.
        #expect(Date().timeIntervalSince(stopped) < 2)
        for client in clients {
            #expect(client.readChunk() == [])
            #expect(client.isClosedByServer())
        }
        for _ in clients { #expect(hub.nextEnd() == .serverStopping) }
    }

    /// Streams may hold only nine tenths of the connections (two of three here).
    @Test func streamsCountAgainstMaxConnections() throws {
        try withStreamServer(changing(\.maxConnections, to: 3)) { port, hub, _ in
            let clients = try (0..<2).map { _ in try LoopbackClient(port: port) }
            for client in clients {
                client.send(getRequest("/stream"))
                _ = try #require(client.readResponse(headRequest: true))
                _ = try #require(hub.nextStream())
            }
            let idle = try LoopbackClient(port: port)
            usleep(50_000)
            #expect(try freshGetStatus(port: port, path: "/x") == 503)
            clients[0].reset()
            #expect(hub.nextEnd() == .clientClosed)
            usleep(50_000)
            #expect(try freshGetStatus(port: port, path: "/x") == 200)
            withExtendedLifetime(idle) {}
        }
    }
}
