import Testing

@testable import FolioHTTP

/// What a client can make the parser hold: empty lines, chunk framing, raw
/// copies of decoded bytes (issue 11, items 1, 2 and 12a).
@Suite struct ParserMemoryTests {
    static let chunkedHead = Array("POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

    /// Feeds `piece` repeatedly (after `prefix`) until the parser answers
    /// something other than `needMoreData` or `limit` bytes went in; returns
    /// that answer, the bytes fed and the largest buffer seen.
    private func feed(
        _ prefix: [UInt8], repeating piece: [UInt8], upTo limit: Int, limits: HTTPLimits = HTTPLimits()
    ) -> (Parsed?, fed: Int, largestBuffer: Int) {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(contentsOf: prefix)
        var fed = prefix.count
        var largest = 0
        let block = Array([[UInt8]](repeating: piece, count: max(1, 65536 / piece.count)).joined())
        while fed < limit {
            switch parser.next() {
            case .needMoreData, .sendContinue: break
            case .request(let request):
                return (.request(method: request.method, path: request.path, body: ""), fed, largest)
            case .error(let error): return (.error(error), fed, largest)
            }
            largest = max(largest, parser.buffer.count)
            parser.append(contentsOf: block)
            fed += block.count
        }
        return (nil, fed, largest)
    }

    @Test func aStreamOfEmptyLinesIsCutOffWith400() {
        let (output, fed, largest) = feed([], repeating: Array("\r\n".utf8), upTo: 64 * 1024 * 1024)
        #expect(output == .error(.tooManyEmptyLines))
        #expect(HTTPParserError.tooManyEmptyLines.status == .badRequest)
        #expect(fed <= 128 * 1024)
        #expect(largest <= 64 * 1024)
    }

    @Test func emptyLinesUpToTheRequestLineLimitAreIgnored() {
        let limits = HTTPLimits(requestLineBytes: 64)
        let request = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let allowed = String(repeating: "\r\n", count: 32) + request
        #expect(parseAll(allowed, limits: limits) == [.request(method: .get, path: "/a", body: "")])
        #expect(
            parseAll(allowed, limits: limits, chunkSize: 3) == [.request(method: .get, path: "/a", body: "")])
        let tooMany = String(repeating: "\r\n", count: 33) + request
        #expect(parseAll(tooMany, limits: limits) == [.error(.tooManyEmptyLines)])
        #expect(parseAll(tooMany, limits: limits, chunkSize: 5) == [.error(.tooManyEmptyLines)])
    }

    @Test func skippedEmptyLinesAreDroppedAndCountAsAPartialRequest() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(contentsOf: Array("\r\n\r\n".utf8))
        guard case .needMoreData = parser.next() else {
            Issue.record("expected needMoreData")
            return
        }
        #expect(parser.buffer.isEmpty)
        #expect(parser.hasPartialRequest)
    }

    @Test func chunkExtensionsAreCutOffWith413() {
        let chunk = Array(("1;" + String(repeating: "x", count: 4090) + "\r\na\r\n").utf8)
        let (output, fed, largest) = feed(Self.chunkedHead, repeating: chunk, upTo: 64 * 1024 * 1024)
        #expect(output == .error(.chunkFramingTooLarge))
        #expect(HTTPParserError.chunkFramingTooLarge.status == .contentTooLarge)
        #expect(fed <= 2 * 1024 * 1024)
        #expect(largest <= 80 * 1024)
    }

    @Test func framingWithinTheLimitIsAccepted() {
        // 1-byte chunks: 5 bytes of framing each, 60 KiB in all, under the 64 KiB floor.
        let limits = HTTPLimits(bodyBytes: 16 * 1024)
        let body = String(repeating: "1\r\nz\r\n", count: 12 * 1024) + "0\r\n\r\n"
        let head = "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        let expected = Parsed.request(
            method: .post, path: "/c", body: String(repeating: "z", count: 12 * 1024))
        #expect(parseAll(head + body, limits: limits) == [expected])
    }

    @Test func chunkedBodyKeepsNoRawCopyOfWhatItDecoded() {
        let chunk = Array(("8000\r\n" + String(repeating: "d", count: 0x8000) + "\r\n").utf8)
        let (output, fed, largest) = feed(Self.chunkedHead, repeating: chunk, upTo: 1024 * 1024 - 0x10000)
        #expect(output == nil)
        #expect(fed > 900 * 1024)
        #expect(largest <= 64 * 1024)
    }

    @Test func expectedBodyBytesIsTheDeclaredLengthOrTheChunksSoFar() {
        var fixed = HTTPRequestParser(limits: HTTPLimits())
        fixed.append(contentsOf: Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5000\r\n\r\nab".utf8))
        _ = fixed.next()
        #expect(fixed.expectedBodyBytes == 5000)
        var chunked = HTTPRequestParser(limits: HTTPLimits())
        chunked.append(contentsOf: Self.chunkedHead + Array("3\r\nabc\r\n100\r\nx".utf8))
        _ = chunked.next()
        #expect(chunked.expectedBodyBytes == 3 + 0x100)
    }

    @Test func releasingAfterARejectionDropsTheDecodedPartOfAChunkedBody() {
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(
            contentsOf: Self.chunkedHead + Array(("EA60\r\n" + String(repeating: "c", count: 60_000)).utf8))
        _ = parser.next()
        #expect(parser.expectedBodyBytes == 60_000)
        parser.releaseBuffer()
        #expect(parser.buffer.isEmpty)
        #expect(parser.expectedBodyBytes == 0)
    }

    @Test func aLargeFixedBodyLeavesNoLargeBufferBehind() throws {
        let length = 512 * 1024
        let text = "POST /f HTTP/1.1\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n"
        let results = parseAll(Array(text.utf8) + [UInt8](repeating: 0x61, count: length), chunkSize: 65536)
        let request = try #require(results.first?.1)
        #expect(request.body.count == length)
        var parser = HTTPRequestParser(limits: HTTPLimits())
        parser.append(contentsOf: Array(text.utf8))
        _ = parser.next()
        parser.append(contentsOf: [UInt8](repeating: 0x61, count: length))
        guard case .request(let whole) = parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(whole.body.count == length)
        #expect(parser.buffer.capacity <= HTTPRequestParser.keptCapacity)
    }

    @Test func http10RequestGetsNo100Continue() {
        let head = "POST /u HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        #expect(parseAll(head).isEmpty)
        #expect(parseAll(head + "abc") == [.request(method: .post, path: "/u", body: "abc")])
        let http11 = "POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        #expect(parseAll(http11) == [.sendContinue])
    }
}
