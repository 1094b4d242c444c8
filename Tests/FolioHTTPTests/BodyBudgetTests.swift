import Foundation
import Testing

@testable import FolioHTTP

/// The server-wide budget for request bodies in flight (issue 11, item 3).
@Suite(.serialized) struct BodyBudgetTests {
    /// A server whose bodies may hold 100 000 bytes in all, over two loops.
    private func withBudgetServer(_ body: (_ port: Int) throws -> Void) throws {
        try withServer(configured { $0.bodyBudgetBytes = 100_000 }, body)
    }

    private func head(_ length: Int, expect: Bool = true) -> String {
        "POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: \(length)\r\n"
            + (expect ? "Expect: 100-continue\r\n" : "") + "\r\n"
    }

    private static let chunkedHead = "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"

    @Test func reservesUpToTheLimitAndNoFurther() {
        let budget = ByteBudget(limit: 10)
        #expect(budget.reserve(6))
        #expect(!budget.reserve(5))
        #expect(budget.reserved == 6)
        #expect(budget.reserve(4))
        budget.release(6)
        #expect(budget.reserve(5))
        #expect(budget.reserved == 9)
    }

    @Test func aBodyThatWouldPassTheBudgetGets503BeforeItIsSent() throws {
        try withBudgetServer { port in
            let first = try LoopbackClient(port: port)
            first.send(head(80_000))
            #expect(first.readResponse()?.status == 100)  // its 80 000 bytes are reserved
            let second = try LoopbackClient(port: port)
            second.send(head(80_000))
            let refused = try #require(second.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["connection"] == "close")
            #expect(refused.text.hasPrefix(EventLoop.overBudgetMessage))
            #expect(second.isClosedByServer())
            first.send([UInt8](repeating: 0x61, count: 80_000))
            #expect(first.readResponse()?.status == 200)
            // Answered: the reservation is back, so the same body now fits.
            let third = try LoopbackClient(port: port)
            third.send(head(80_000))
            #expect(third.readResponse()?.status == 100)
        }
    }

    @Test func aClosedConnectionGivesItsReservationBack() throws {
        try withBudgetServer { port in
            let first = try LoopbackClient(port: port)
            first.send(head(80_000))
            #expect(first.readResponse()?.status == 100)
            first.reset()
            var status: Int?
            let deadline = Date().addingTimeInterval(3)
            repeat {
                let next = try LoopbackClient(port: port)
                next.send(head(80_000))
                status = next.readResponse()?.status
                if status != 100 { usleep(20_000) }
            } while status != 100 && Date() < deadline
            #expect(status == 100)
        }
    }

    @Test func aContentLengthOverTheWholeBudgetGets503() throws {
        try withBudgetServer { port in
            let client = try LoopbackClient(port: port)
            client.send(head(150_000, expect: false))
            #expect(client.readResponse()?.status == 503)
            #expect(try freshGetStatus(port: port) == 200)
        }
    }

    @Test func aChunkedBodyReservesChunkByChunk() throws {
        try withBudgetServer { port in
            let client = try LoopbackClient(port: port)
            client.send(
                Self.chunkedHead + "EA60\r\n" + String(repeating: "c", count: 60_000) + "\r\nEA60\r\n")
            #expect(client.readResponse()?.status == 503)
            let small = try LoopbackClient(port: port)
            small.send(
                Self.chunkedHead + "EA60\r\n" + String(repeating: "c", count: 60_000) + "\r\n0\r\n\r\n")
            #expect(small.readResponse()?.status == 200)
        }
    }
}
