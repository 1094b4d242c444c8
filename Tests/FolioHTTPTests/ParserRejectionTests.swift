import Testing

@testable import FolioHTTP

@Suite struct ParserRejectionTests {
    static let host = "Host: h\r\n"

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\(host)\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: 5\r\nContent-Length: 5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: 5, 5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: +5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: 0x10\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: \r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n 5\r\nhello\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, chunked\r\n\r\n", 400),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\n\(host)Transfer-Encoding: identity\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\n\(host)X-Folded: a\r\n b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Space : a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Tab\t: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Ctl: a\u{01}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Del: a\u{7F}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Bare: a\rb\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X-Lf: a\nb\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)X\u{01}Name: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host): empty-name\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)NoColon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("BREW / HTTP/1.1\r\n\(host)\r\n", 501),
        ("CONNECT h:443 HTTP/1.1\r\n\(host)\r\n", 501),
        ("G(T / HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET  / HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET / HTTP/1.1 \r\n\(host)\r\n", 400),
        ("GET / HTTX/1.1\r\n\(host)\r\n", 400),
        ("GET / HTTP/2.0\r\n\(host)\r\n", 505),
        ("GET /\u{01} HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET nothing HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET * HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET /%zz HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET /%C3 HTTP/1.1\r\n\(host)\r\n", 400),
        ("GET / HTTP/1.1\r\n\(host)Expect: something-else\r\n\r\n", 417),
    ])
    func rejectsWithItsStatus(request: String, status: Int) {
        #expect(parseAll(request).last.flatMap(Self.status) == status, "\(request.debugDescription)")
    }

    static func status(_ parsed: Parsed) -> Int? {
        if case .error(let error) = parsed { return error.status.code }
        return nil
    }

    @Test func rejectsARequestLineOverTheLimitBeforeItEnds() {
        let line = "GET /" + String(repeating: "a", count: 8 * 1024)
        #expect(parseAll(line) == [.error(.requestLineTooLong)])
    }

    @Test func acceptsARequestLineJustUnderTheLimit() {
        let target = "/" + String(repeating: "a", count: 8 * 1024 - 15)
        #expect(
            firstOutput("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")
                == .request(method: .get, path: target, body: ""))
    }

    @Test func rejectsHeadersOverTheByteLimitBeforeTheyEnd() {
        let field = "X-Big: " + String(repeating: "b", count: 1000) + "\r\n"
        let text = "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: field, count: 70)
        #expect(parseAll(text) == [.error(.headersTooLarge)])
    }

    @Test func rejectsMoreThanTheAllowedHeaderLines() {
        let text = "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<100).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        #expect(parseAll(text) == [.error(.tooManyHeaders)])
    }

    @Test func rejectsAContentLengthOverTheBodyLimitWithoutWaitingForIt() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\n\r\n"
        #expect(parseAll(text) == [.error(.bodyTooLarge)])
    }

    @Test func rejectsAChunkedBodyThatGrowsOverTheLimit() {
        let limits = HTTPLimits(bodyBytes: 8)
        let text =
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n5\r\nworld\r\n0\r\n\r\n"
        #expect(parseAll(text, limits: limits) == [.error(.bodyTooLarge)])
    }

    @Test func staysFailedAfterAnError() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(contentsOf: "BAD\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        guard case .error = parser.next(), case .error = parser.next() else {
            Issue.record("expected the parser to stay failed")
            return
        }
    }
}
