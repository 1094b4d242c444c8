extension HTTPRequestParser {
    /// Looks for the end of the head; parses it when complete, enforcing the
    /// size limits while it is not (so an endless head is cut off early).
    mutating func parseHeadIfComplete(scanned: Int, emptyLineBytes: Int) -> Output {
        // RFC 9112 2.2: ignore empty lines before a request line, but only so many,
        // and drop them at once so a stream of CRLFs holds no memory.
        var skipped = emptyLineBytes
        let first = start
        while buffer.count - start >= 2 && buffer[start] == 0x0D && buffer[start + 1] == 0x0A {
            start += 2
            skipped += 2
            if skipped > limits.requestLineBytes { return fail(.tooManyEmptyLines) }
        }
        if start > first { dropConsumedBytes() }
        let searchFrom = start + max(0, scanned - 3)
        guard let end = indexOfBlankLine(from: searchFrom) else {
            let unread = buffer.count - start
            state = .head(scanned: unread, emptyLineBytes: skipped)
            // The last buffered byte may be the CR of a line's CRLF: allow one byte of
            // slack so splitting the input differently never changes the verdict.
            guard let lineEnd = indexOfCRLF(from: start) else {
                if unread > limits.requestLineBytes + 1 { return fail(.requestLineTooLong) }
                return .needMoreData
            }
            if lineEnd - start > limits.requestLineBytes { return fail(.requestLineTooLong) }
            if buffer.count - (lineEnd + 2) > limits.headerBytes + 1 { return fail(.headersTooLarge) }
            return .needMoreData
        }
        let headEnd = end + 2  // keep the last field line's CRLF
        let result = buffer.withUnsafeBufferPointer { bytes in
            HeadParser(limits: limits).parse(UnsafeBufferPointer(rebasing: bytes[start..<headEnd]))
        }
        start = end + 4
        let parsed: HeadParser.Parsed
        switch consume result {
        case .failure(let error): return fail(error)
        case .success(let head): parsed = head
        }
        // The head is made only for a body to come: made before, it
        // copied every request without one (six retains and releases).
        switch parsed.framing {
        case .none:
            // Moved out, not copied: a request without a body goes straight on.
            return finish((consume parsed).request)
        case .length(let length):
            startFixedBody(length: length)
            state = .fixedBody(parsed.head, length: length, continueSent: false)
        case .chunked:
            state = .chunkedBody(parsed.head, ChunkedBody(cursor: start))
        }
        return next()
    }
}

extension HTTPRequestParser {
    /// Moves the body's first bytes to the front of the buffer and makes room
    /// for exactly `length`, so the finished buffer becomes the body without a
    /// copy (untouched pages of the reservation cost no memory).
    mutating func startFixedBody(length: Int) {
        dropConsumedBytes()
        if buffer.capacity < length { buffer.reserveCapacity(length) }
    }
}

/// Parses one complete head (request line and field lines, each ending in CRLF).
struct HeadParser {
    enum Framing {
        case none
        case length(Int)
        case chunked
    }

    struct Parsed {
        var request: HTTPRequest
        var framing: Framing
        var expectsContinue: Bool

        /// What waits with the request while its body comes.
        var head: HTTPRequestParser.Head {
            HTTPRequestParser.Head(request: request, expectsContinue: expectsContinue)
        }
    }

    let limits: HTTPLimits

    func parse(_ head: UnsafeBufferPointer<UInt8>) -> Result<Parsed, HTTPParserError> {
        var lines = CRLFLines(head)
        guard let requestLine = lines.next() else { return .failure(.malformedRequestLine) }
        if requestLine.count > limits.requestLineBytes { return .failure(.requestLineTooLong) }
        if head.count - requestLine.count - 2 > limits.headerBytes { return .failure(.headersTooLarge) }
        let line: RequestLine
        switch RequestLine.parse(requestLine) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): line = parsed
        }
        var fields = FieldSummary()
        var headers = HTTPHeaders(minimumCapacity: 8)
        var count = 0
        while let fieldLine = lines.next() {
            count += 1
            if count > limits.headerCount { return .failure(.tooManyHeaders) }
            guard let (name, value) = Self.splitField(fieldLine) else { return .failure(.invalidHeader) }
            if let error = fields.note(name: name, value: value) { return .failure(error) }
            headers.add(
                name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        }
        if line.version == .http11 ? fields.hostCount != 1 : fields.hostCount > 1 {
            return .failure(.invalidHost)
        }
        let framing: Framing
        switch fields.framing(version: line.version) {
        case .failure(let error): return .failure(error)
        case .success(let found): framing = found
        }
        if case .length(let length) = framing, length > limits.bodyBytes { return .failure(.bodyTooLarge) }
        let keepAlive =
            line.version == .http11
            ? !fields.connectionClose : fields.connectionKeepAlive && !fields.connectionClose
        let request = HTTPRequest(
            method: line.method, target: line.target, path: line.path, query: line.query,
            version: line.version, headers: headers, body: [], keepAlive: keepAlive)
        // RFC 9110 10.1.1: an HTTP/1.0 client may not understand a 1xx, so it gets none.
        var expectsContinue = fields.expectsContinue && line.version != .http10
        if case .none = framing { expectsContinue = false }
        return .success(Parsed(request: request, framing: framing, expectsContinue: expectsContinue))
    }

    /// Splits `name: value`, rejecting obs-fold, whitespace before the colon,
    /// non-token names and control characters in the value.
    static func splitField(_ line: UnsafeBufferPointer<UInt8>) -> (
        UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>
    )? {
        guard let first = line.first, first != 0x20, first != 0x09 else { return nil }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return nil }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard name.allSatisfy({ $0.isTokenCharacter }) else { return nil }
        var lower = colon + 1
        var upper = line.count
        while lower < upper && (line[lower] == 0x20 || line[lower] == 0x09) { lower += 1 }
        while upper > lower && (line[upper - 1] == 0x20 || line[upper - 1] == 0x09) { upper -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[lower..<upper])
        guard value.allSatisfy({ $0.isFieldValueCharacter }) else { return nil }
        return (name, value)
    }
}

/// Iterates the CRLF-terminated lines of a head; a line without CRLF ends it.
struct CRLFLines: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        var index = position
        while index + 1 < bytes.count {
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A {
                let line = UnsafeBufferPointer(rebasing: bytes[position..<index])
                position = index + 2
                return line
            }
            index += 1
        }
        return nil
    }
}

extension UInt8 {
    /// RFC 9110 `tchar`.
    var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// RFC 9110 field-value bytes: visible ASCII, obs-text, space and tab.
    var isFieldValueCharacter: Bool { self == 0x09 || (self >= 0x20 && self != 0x7F) }
}
