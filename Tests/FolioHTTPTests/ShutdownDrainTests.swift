import Foundation
import Testing

@testable import FolioHTTP

/// Requests clients sent just before a shutdown, which the server had not
/// read yet, are answered rather than reset.
@Suite(.serialized) struct ShutdownDrainTests {
    @Test func acceptsTheListenBacklogBeforeClosingTheListener() throws {
        let (listener, port) = try Socket.listen(host: "127.0.0.1", port: 0, backlog: 64)
        let stop = try EventFD()
        let mailbox = try LoopMailbox()
        defer { mailbox.wakeup.close() }
        let counter = ConnectionCounter()
        // Completed by the kernel, never accepted: they wait in the backlog.
        let clients = try (0..<5).map { _ in try LoopbackClient(port: port) }
        stop.signal()
        Acceptor(listener: listener, stop: stop, mailboxes: [mailbox], counter: counter, maxConnections: 100)
            .run()
        let delivered = mailbox.take().sockets
        #expect(delivered.count == clients.count)
        #expect(counter.count == clients.count)
        for fd in delivered { Socket.close(fd) }
        #expect(throws: (any Error).self) { try LoopbackClient(port: port) }
    }

    @Test func answersEveryRequestSentBeforeShutdownThenRefusesConnections() throws {
        let server = HTTPServer(configuration: configured { $0.eventLoopCount = 1 }, handler: EchoHandler())
        let port = try server.start()
        // The only loop is busy for 300 ms, so the others' bytes stay unread
        // (in the backlog, the mailbox or their sockets) when the stop arrives.
        let slow = try LoopbackClient(port: port)
        slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(50_000)
        let idle = try LoopbackClient(port: port)
        let waiting = try (0..<20).map { index in
            let client = try LoopbackClient(port: port)
            client.send("POST /\(index) HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi")
            return client
        }
        server.shutdown(gracePeriod: .seconds(3))
        let first = try #require(slow.readResponse())
        #expect(first.text == "slow done\n")
        for (index, client) in waiting.enumerated() {
            let response = try #require(client.readResponse(), "request \(index) got no response")
            #expect(response.status == 200)
            #expect(response.text == "POST /\(index) body=hi\n")
            #expect(response.headers["connection"] == "close")
            #expect(client.isClosedByServer())
        }
        // An idle connection has nothing to answer: it is closed, not kept.
        #expect(idle.isClosedByServer())
        #expect(throws: (any Error).self) { try LoopbackClient(port: port) }
    }
}
