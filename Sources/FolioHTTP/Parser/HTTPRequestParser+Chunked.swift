/// Progress through a chunked body (RFC 9112 section 7.1).
struct ChunkedBody {
    enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers(bytes: Int)
    }

    /// Absolute index in the parser's buffer of the next undecoded byte.
    var cursor: Int
    var phase = Phase.size
    var decoded: [UInt8] = []
    var continueSent = false
    /// Size lines (extensions included) and CRLFs so far, held to `HTTPLimits.chunkFramingBytes`.
    var framingBytes = 0

    /// What is decoded plus the rest of the chunk under way.
    var expectedBytes: Int {
        if case .data(let remaining) = phase { return decoded.count + remaining }
        return decoded.count
    }
}

extension HTTPRequestParser {
    /// The longest chunk-size line accepted, extensions included.
    static let maximumChunkLine = 4096

    mutating func parseChunks(_ head: Head, _ body: inout ChunkedBody) -> Output {
        while true {
            switch phase(&body) {
            case .some(.failure(let error)):
                return fail(error)
            case .some(.success(true)):
                var request = head.request
                request.body = body.decoded
                start = body.cursor
                return finish(request)
            case .some(.success(false)):
                continue
            case .none:
                // Decoded bytes are never kept twice: the raw ones go now.
                start = body.cursor
                dropConsumedBytes()
                body.cursor = start
                if head.expectsContinue && !body.continueSent && body.cursor == buffer.count
                    && body.decoded.isEmpty
                {
                    body.continueSent = true
                    state = .chunkedBody(head, body)
                    return .sendContinue
                }
                state = .chunkedBody(head, body)
                return .needMoreData
            }
        }
    }

    /// Advances one phase: nil when more bytes are needed, true when the body is complete.
    private func phase(_ body: inout ChunkedBody) -> Result<Bool, HTTPParserError>? {
        switch body.phase {
        case .size:
            guard let end = indexOfCRLF(from: body.cursor) else {
                if buffer.count - body.cursor > Self.maximumChunkLine + 1 { return .failure(.invalidChunk) }
                return nil
            }
            if end - body.cursor > Self.maximumChunkLine { return .failure(.invalidChunk) }
            guard let size = Self.chunkSize(buffer[body.cursor..<end]) else { return .failure(.invalidChunk) }
            if size > limits.bodyBytes - body.decoded.count { return .failure(.bodyTooLarge) }
            body.framingBytes += end + 2 - body.cursor
            if body.framingBytes > limits.chunkFramingBytes { return .failure(.chunkFramingTooLarge) }
            body.cursor = end + 2
            body.phase = size == 0 ? .trailers(bytes: 0) : .data(remaining: size)
            return .success(false)
        case .data(let remaining):
            let available = min(remaining, buffer.count - body.cursor)
            guard available > 0 else { return nil }
            body.decoded.append(contentsOf: buffer[body.cursor..<body.cursor + available])
            body.cursor += available
            body.phase = remaining == available ? .dataEnd : .data(remaining: remaining - available)
            return .success(false)
        case .dataEnd:
            guard buffer.count - body.cursor >= 2 else { return nil }
            guard buffer[body.cursor] == 0x0D, buffer[body.cursor + 1] == 0x0A else {
                return .failure(.invalidChunk)
            }
            body.cursor += 2
            body.framingBytes += 2
            if body.framingBytes > limits.chunkFramingBytes { return .failure(.chunkFramingTooLarge) }
            body.phase = .size
            return .success(false)
        case .trailers(let bytes):
            guard let end = indexOfCRLF(from: body.cursor) else {
                if bytes + buffer.count - body.cursor > limits.headerBytes {
                    return .failure(.headersTooLarge)
                }
                return nil
            }
            if end == body.cursor {
                body.cursor += 2
                return .success(true)
            }
            let valid = buffer.withUnsafeBufferPointer {
                HeadParser.splitField(UnsafeBufferPointer(rebasing: $0[body.cursor..<end])) != nil
            }
            guard valid else { return .failure(.invalidHeader) }
            let total = bytes + end - body.cursor + 2
            if total > limits.headerBytes { return .failure(.headersTooLarge) }
            body.cursor = end + 2
            body.phase = .trailers(bytes: total)  // trailer fields are checked, then dropped
            return .success(false)
        }
    }

    /// `1*HEXDIG [ BWS ";" ext ]`; nil for anything else (`0x10`, `-1`, empty, too many digits).
    static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let value = PercentDecoding.hexValue(line[index]) {
            digits += 1
            if digits > 15 { return nil }
            size = size << 4 | Int(value)
            index += 1
        }
        guard digits > 0 else { return nil }
        while index < line.endIndex && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
        if index == line.endIndex { return line.last == 0x20 || line.last == 0x09 ? nil : size }
        guard line[index] == UInt8(ascii: ";") else { return nil }
        guard line[index...].allSatisfy({ $0.isFieldValueCharacter }) else { return nil }
        return size
    }
}
