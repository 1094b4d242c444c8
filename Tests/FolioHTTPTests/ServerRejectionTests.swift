import Foundation
import Testing

@testable import FolioHTTP

@Suite(.serialized) struct ServerRejectionTests {
    static let vectors: [(String, Int)] = [
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        (
            "GET / HTTP/1.1\r\nHost: t\r\n"
                + String(repeating: "X-Big: \(String(repeating: "b", count: 1000))\r\n", count: 70) + "\r\n",
            431
        ),
        ("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: +5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 0x10\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\nHost: t\r\nX-Fold: a\r\n b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nX-Ctl: \u{07}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("BREW / HTTP/1.1\r\nHost: t\r\n\r\n", 501),
    ]

    @Test(arguments: vectors)
    func rejectsWithItsStatusClosesAndKeepsServing(request: String, status: Int) throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send(request)
            let response = try #require(client.readResponse())
            #expect(response.status == status)
            #expect(response.headers["connection"] == "close")
            #expect(client.isClosedByServer())
            #expect(try freshGetStatus(port: port) == 200)
        }
    }

    @Test func answersAStalledHeadWith408WhileOthersAreServed() throws {
        try withServer(configured { $0.timeouts.head = .milliseconds(400) }) { port in
            let slow = try LoopbackClient(port: port)
            let started = Date()
            slow.send("GET / HTTP/1.1\r\n")
            usleep(200_000)
            slow.send("X-A: 1\r\n")  // a trickle does not extend the head deadline
            #expect(try freshGetStatus(port: port) == 200)
            let response = try #require(slow.readResponse())
            #expect(response.status == 408)
            #expect(Date().timeIntervalSince(started) < 2)
            #expect(slow.isClosedByServer())
        }
    }

    @Test func closesAnIdleKeepAliveConnection() throws {
        try withServer(configured { $0.timeouts.idle = .milliseconds(300) }) { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
            let started = Date()
            #expect(client.isClosedByServer())
            #expect(Date().timeIntervalSince(started) < 2)
        }
    }

    @Test func turnsAwayConnectionsPastTheCapWith503() throws {
        try withServer(configured { $0.maxConnections = 2 }) { port in
            let first = try LoopbackClient(port: port)
            let second = try LoopbackClient(port: port)
            first.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            second.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(first.readResponse()?.status == 200)
            #expect(second.readResponse()?.status == 200)
            let third = try LoopbackClient(port: port)
            #expect(third.readResponse()?.status == 503)
        }
    }

    @Test func finishesARequestInFlightOnShutdownThenRefusesConnections() throws {
        let server = HTTPServer(configuration: configured { $0.eventLoopCount = 1 }, handler: EchoHandler())
        let port = try server.start()
        let client = try LoopbackClient(port: port)
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        usleep(100_000)
        server.shutdown(gracePeriod: .seconds(2))
        let response = try #require(client.readResponse())
        #expect(response.text == "slow done\n")
        #expect(response.headers["connection"] == "close")
        #expect(throws: (any Error).self) { try LoopbackClient(port: port) }
    }
}
