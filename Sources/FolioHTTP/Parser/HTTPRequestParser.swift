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
        /// Waiting for a head: `scanned` bytes were searched for its end, and
        /// `emptyLineBytes` of empty lines before it were skipped and dropped.
        case head(scanned: Int, emptyLineBytes: Int)
        case fixedBody(Head, length: Int, continueSent: Bool)
        case chunkedBody(Head, ChunkedBody)
        case failed(HTTPParserError)
    }

    /// The limits in force.
    let limits: HTTPLimits
    /// Received bytes; `start` marks the first not yet consumed.
    var buffer: [UInt8] = []
    var start = 0
    var state = State.head(scanned: 0, emptyLineBytes: 0)

    /// Creates a parser enforcing `limits`. The buffer is allocated by the
    /// first bytes, at their size: a connection that sends nothing holds none.
    init(limits: HTTPLimits) {
        self.limits = limits
    }

    /// Received bytes not yet consumed.
    var bufferedBytes: Int { buffer.count - start }

    /// Whether bytes of a next request have arrived (so a head deadline applies);
    /// empty lines before a request line count.
    var hasPartialRequest: Bool {
        if case .head(_, let emptyLineBytes) = state { return start < buffer.count || emptyLineBytes > 0 }
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
        case .head(let scanned, let emptyLineBytes):
            return parseHeadIfComplete(scanned: scanned, emptyLineBytes: emptyLineBytes)
        case .fixedBody(var head, let length, let continueSent):
            guard buffer.count - start >= length else {
                if head.expectsContinue && !continueSent {
                    state = .fixedBody(head, length: length, continueSent: true)
                    return .sendContinue
                }
                return .needMoreData
            }
            if start == 0 && buffer.count == length {
                // The buffer is the body (see `startFixedBody`): hand it over, no copy.
                head.request.body = buffer
                buffer = []
            } else {
                head.request.body = Array(buffer[start..<start + length])
                start += length
            }
            return finish(head.request)
        case .chunkedBody(let head, var body):
            // Leave no second reference to `body.decoded` in `state`, or every append
            // would copy it; `parseChunks` always sets the state again.
            state = .failed(.invalidChunk)
            return parseChunks(head, &body)
        }
    }

    /// Hands out `request` and gets ready for the next one.
    mutating func finish(_ request: consuming HTTPRequest) -> Output {
        state = .head(scanned: 0, emptyLineBytes: 0)
        // Amortized: pipelined bursts are compacted once per half-buffer, not per request.
        if start == buffer.count || start >= buffer.count / 2 { dropConsumedBytes() }
        return .request(request)
    }

    /// Empty buffers larger than this are freed rather than kept for the next
    /// request: thousands of idle connections each keeping a big head's buffer
    /// would pin it all.
    static let keptCapacity = 16 * 1024

    /// Removes the consumed bytes before `start`. A large buffer left empty, or
    /// nearly, is replaced by a small one, so its memory goes back to the allocator.
    mutating func dropConsumedBytes() {
        guard start > 0 else {
            if buffer.isEmpty && buffer.capacity > Self.keptCapacity { buffer = [] }
            return
        }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCapacity)
        } else if buffer.capacity > Self.keptCapacity && buffer.count - start <= Self.keptCapacity {
            buffer = Array(buffer[start...])
        } else {
            buffer.removeSubrange(0..<start)
        }
        start = 0
    }

    /// Gives back the buffer's memory while nothing will be parsed for long (a
    /// stream holds the connection), keeping bytes a client pipelined behind it.
    mutating func shrinkWhileIdle() {
        dropConsumedBytes()
        if buffer.isEmpty {
            buffer = []
        } else if buffer.capacity > 2 * buffer.count {
            buffer = Array(buffer)
        }
    }

    /// Gives back what the request being received holds after a rejection (the
    /// buffer, a chunked body's decoded bytes): nothing more is parsed.
    mutating func releaseBuffer() {
        buffer = []
        start = 0
        if isReadingBody { state = .head(scanned: 0, emptyLineBytes: 0) }
    }

    /// The body bytes the request being received will hold once complete, as
    /// far as is known now: a `Content-Length` at once, a chunked body chunk by
    /// chunk (what is decoded plus the chunk under way). Zero between requests.
    var expectedBodyBytes: Int {
        switch state {
        case .head, .failed: 0
        case .fixedBody(_, let length, _): length
        case .chunkedBody(_, let body): body.expectedBytes
        }
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
