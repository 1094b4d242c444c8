import Testing

@testable import FolioHTTP

@Suite struct ParserTests {
    @Test func parsesASimpleGet() {
        let results = parseAll(Array("GET /a%20b?x=1&y=a+b HTTP/1.1\r\nHost: h\r\nX-One: 1\r\n\r\n".utf8))
        #expect(results.count == 1)
        let request = try! #require(results.first?.1)
        #expect(request.method == .get)
        #expect(request.target == "/a%20b?x=1&y=a+b")
        #expect(request.path == "/a b")
        #expect(request.query["x"] == "1")
        #expect(request.query["y"] == "a b")
        #expect(request.headers["x-one"] == "1")
        #expect(request.keepAlive)
    }

    @Test func givesTheSameRequestWhenFedOneByteAtATime() {
        let text = "POST /f HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
        #expect(parseAll(text, chunkSize: 1) == [.request(method: .post, path: "/f", body: "hello")])
    }

    @Test func answersPipelinedRequestsInOrder() {
        let text =
            "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nokGET /3 HTTP/1.1\r\nHost: h\r\n\r\n"
        #expect(
            parseAll(text) == [
                .request(method: .get, path: "/1", body: ""), .request(method: .post, path: "/2", body: "ok"),
                .request(method: .get, path: "/3", body: ""),
            ])
        #expect(parseAll(text, chunkSize: 7).count == 3)
    }

    @Test func decodesAChunkedBodyWithExtensionsAndTrailers() {
        let text =
            "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n"
        #expect(parseAll(text) == [.request(method: .post, path: "/c", body: "hello world")])
        #expect(parseAll(text, chunkSize: 3) == [.request(method: .post, path: "/c", body: "hello world")])
    }

    @Test func asksForContinueOnceBeforeTheBody() {
        let head = "PUT /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(contentsOf: head.utf8)
        guard case .sendContinue = parser.next() else {
            Issue.record("expected sendContinue")
            return
        }
        guard case .needMoreData = parser.next() else {
            Issue.record("expected needMoreData")
            return
        }
        parser.append(contentsOf: "abc".utf8)
        guard case .request(let request) = parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == Array("abc".utf8))
    }

    @Test func skipsEmptyLinesBeforeARequest() {
        #expect(
            firstOutput("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
                == .request(method: .get, path: "/", body: ""))
    }

    @Test func http10ClosesUnlessItAsksForKeepAlive() {
        let plain = parseAll(Array("GET / HTTP/1.0\r\n\r\n".utf8)).first?.1
        let asked = parseAll(Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8)).first?.1
        let closing = parseAll(Array("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n".utf8)).first?.1
        #expect(plain?.keepAlive == false)
        #expect(asked?.keepAlive == true)
        #expect(closing?.keepAlive == false)
    }

    @Test func acceptsAbsoluteFormAndOptionsStar() {
        #expect(
            firstOutput("GET http://example.com/x?y=1 HTTP/1.1\r\nHost: example.com\r\n\r\n")
                == .request(method: .get, path: "/x", body: ""))
        #expect(
            firstOutput("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")
                == .request(method: .options, path: "*", body: ""))
    }

    @Test func waitsForTheRestOfAHead() {
        #expect(firstOutput("GET / HTTP/1.1\r\nHost: h\r\n") == nil)
    }

    @Test func parsesHeadersCaseInsensitivelyAndKeepsOrder() {
        let request = parseAll(
            Array("GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\na: 2\r\nB:   spaced \t\r\n\r\n".utf8)
        ).first?.1
        #expect(request?.headers.values(for: "A") == ["1", "2"])
        #expect(request?.headers["b"] == "spaced")
    }
}
