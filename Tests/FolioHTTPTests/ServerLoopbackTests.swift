import Foundation
import Testing

@testable import FolioHTTP

@Suite(.serialized) struct ServerLoopbackTests {
    @Test func reusesAKeepAliveConnection() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            for index in 0..<3 {
                client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == "GET /\(index) body=\n")
                #expect(response.headers["date"] != nil)
                #expect(response.headers["connection"] == nil)
            }
        }
    }

    @Test func answersPipelinedRequestsInOrder() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send(
                (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
                    + "POST /6 HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi")
            for index in 1...5 { #expect(client.readResponse()?.text == "GET /\(index) body=\n") }
            #expect(client.readResponse()?.text == "POST /6 body=hi\n")
        }
    }

    @Test func answersHeadWithTheLengthButNoBody() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\nGET /y HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(headRequest: true))
            #expect(head.headers["content-length"] == "\("HEAD /x body=\n".utf8.count)")
            #expect(client.readResponse()?.text == "GET /y body=\n")
        }
    }

    @Test func sendsContinueBeforeTheBody() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("POST /c HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
            #expect(client.readResponse(headRequest: true)?.status == 100)
            client.send("data")
            #expect(client.readResponse()?.text == "POST /c body=data\n")
        }
    }

    @Test func decodesAChunkedBodyOverTheWire() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            client.send("2\r\nde\r\n0\r\n\r\n")
            #expect(client.readResponse()?.text == "POST /c body=abcde\n")
        }
    }

    @Test func honoursConnectionCloseFromTheClient() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            #expect(client.readResponse()?.headers["connection"] == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test func closesHttp10UnlessAskedAndKeepsItWhenAsked() throws {
        try withServer { port in
            let plain = try LoopbackClient(port: port)
            plain.send("GET / HTTP/1.0\r\n\r\n")
            #expect(plain.readResponse()?.headers["connection"] == "close")
            #expect(plain.isClosedByServer())
            let kept = try LoopbackClient(port: port)
            kept.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(kept.readResponse()?.headers["connection"] == "keep-alive")
            kept.send("GET /again HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(kept.readResponse()?.text == "GET /again body=\n")
        }
    }

    @Test func writesPartsAndLargeBodiesCompletely() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /parts HTTP/1.1\r\nHost: t\r\n\r\nGET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "abcdef")
            let big = try #require(client.readResponse())
            #expect(big.body.count == 4 * 1024 * 1024)
            client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 200)
        }
    }

    @Test func writesPartsBiggerThanTheSocketTakesInOrder() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("GET /big-parts HTTP/1.1\r\nHost: t\r\n\r\nGET /parts HTTP/1.1\r\nHost: t\r\n\r\n")
            let big = try #require(client.readResponse())
            #expect(big.body == Array(EchoHandler.bigParts.joined()))
            #expect(client.readResponse()?.text == "abcdef")
        }
    }

    @Test func answersMethodNotAllowedWithAllow() throws {
        try withServer { port in
            let client = try LoopbackClient(port: port)
            client.send("DELETE /only-get HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 405)
            #expect(response.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func servesIPv6() throws {
        try withServer(
            configured {
                $0.host = "::1"
                $0.eventLoopCount = 1
            }
        ) { port in
            let client = try LoopbackClient(port: port, host: "::1")
            client.send("GET /six HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            #expect(client.readResponse()?.text == "GET /six body=\n")
        }
    }

    @Test func reportsATakenPort() throws {
        try withServer { port in
            let second = HTTPServer(
                configuration: HTTPServerConfiguration(port: port, accessLog: false), handler: EchoHandler())
            #expect(throws: HTTPServerError.self) { try second.start() }
        }
    }
}
