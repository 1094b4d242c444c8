#if canImport(Glibc)
    import Glibc
#endif

/// An incremental HTTP/1.1 request parser: a value fed bytes as they arrive,
/// asked for the next request. It never reads past one request's end, so
/// pipelined requests come out one at a time, in order.
///
/// After an error the parser stays failed: the connection answers the error
/// and closes, because the framing of whatever follows cannot be trusted.
struct HTTPRequestParser {
    /// What `next()` found.
    enum Output {
        /// The buffered bytes do not yet hold a whole request.
        case needMoreData
        /// The head asked `Expect: 100-continue` and the body has not arrived:
        /// send `100 Continue` once, then keep feeding bytes.
        case sendContinue
        /// A complete request.
        case request(HTTPRequest)
        /// The request is rejected; answer `error.status` and close.
        case error(HTTPParserError)
    }

    /// A parsed head waiting for its body.
    struct Head {
        var request: HTTPRequest
        var expectsContinue: Bool
    }

    enum State {
        case head(scanned: Int)
        case fixedBody(Head, length: Int, continueSent: Bool)
        case chunkedBody(Head, ChunkedBody)
        case failed(HTTPParserError)
    }

    /// The limits in force.
    let limits: HTTPLimits
    /// Received bytes; `start` marks the first not yet consumed.
    var buffer: [UInt8] = []
    var start = 0
    var state = State.head(scanned: 0)

    /// Creates a parser enforcing `limits`.
    init(limits: HTTPLimits) {
        self.limits = limits
        buffer.reserveCapacity(4096)
    }

    /// Whether bytes of a next request have arrived (so a head deadline applies).
    var hasPartialRequest: Bool {
        if case .head = state { return start < buffer.count }
        return true
    }

    /// Whether a request body is being received.
    var isReadingBody: Bool {
        switch state {
        case .fixedBody, .chunkedBody: true
        case .head, .failed: false
        }
    }

    /// Adds received bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Adds received bytes.
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Parses as far as the buffered bytes allow.
    mutating func next() -> Output {
        switch state {
        case .failed(let error):
            return .error(error)
        case .head(let scanned):
            return parseHeadIfComplete(scanned: scanned)
        case .fixedBody(var head, let length, let continueSent):
            guard buffer.count - start >= length else {
                if head.expectsContinue && !continueSent {
                    state = .fixedBody(head, length: length, continueSent: true)
                    return .sendContinue
                }
                return .needMoreData
            }
            head.request.body = Array(buffer[start..<start + length])
            start += length
            return finish(head.request)
        case .chunkedBody(let head, var body):
            return parseChunks(head, &body)
        }
    }

    /// Hands out `request` and gets ready for the next one.
    mutating func finish(_ request: HTTPRequest) -> Output {
        state = .head(scanned: 0)
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            start = 0
        } else if start > 0 && start >= buffer.count / 2 {
            // Amortized: pipelined bursts are compacted once per half-buffer, not per request.
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return .request(request)
    }

    /// Records a failure and reports it.
    mutating func fail(_ error: HTTPParserError) -> Output {
        state = .failed(error)
        return .error(error)
    }

    /// The absolute index of the next CRLF at or after `from`, or nil.
    func indexOfCRLF(from: Int) -> Int? {
        buffer.withUnsafeBufferPointer { Self.search(crlfCount: 1, in: $0, from: from) }
    }

    /// The absolute index of the next CRLFCRLF at or after `from`, or nil.
    func indexOfBlankLine(from: Int) -> Int? {
        buffer.withUnsafeBufferPointer { Self.search(crlfCount: 2, in: $0, from: from) }
    }

    /// Finds `crlfCount` consecutive CRLFs, jumping between CRs with `memchr`.
    private static func search(crlfCount: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let length = crlfCount * 2
        guard let base = bytes.baseAddress else { return nil }
        var index = from
        while bytes.count - index >= length {
            guard let found = memchr(base + index, 0x0D, bytes.count - index - length + 1) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[at + 1] == 0x0A && (crlfCount == 1 || (bytes[at + 2] == 0x0D && bytes[at + 3] == 0x0A)) {
                return at
            }
            index = at + 1
        }
        return nil
    }
}
