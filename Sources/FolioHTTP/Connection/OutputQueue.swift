#if canImport(Glibc)
    import Glibc
#endif

/// Bytes waiting for a socket that would not take them yet. Buffers are kept
/// as the handler returned them (shared, not copied) and sent with `writev`.
struct OutputQueue {
    private var chunks: [[UInt8]] = []
    private var first = 0
    private var offset = 0
    /// Bytes still to send.
    private(set) var byteCount = 0

    /// Whether nothing is waiting.
    var isEmpty: Bool { byteCount == 0 }

    /// Queues `bytes` after what is already waiting.
    mutating func append(_ bytes: [UInt8], from start: Int = 0) {
        guard start < bytes.count else { return }
        if chunks.isEmpty {
            offset = start
        } else if start > 0 {
            chunks.append(Array(bytes[start...]))
            byteCount += bytes.count - start
            return
        }
        chunks.append(bytes)
        byteCount += bytes.count - start
    }

    /// Writes as much as the socket takes.
    ///
    /// - Returns: true when everything was written, false when the socket would block.
    mutating func write(to fd: Int32) throws(POSIXCallError) -> Bool {
        while byteCount > 0 {
            let result = try Self.writev(fd, chunks[first...], firstOffset: offset)
            guard case .processed(let written) = result else { return false }
            consume(written)
        }
        chunks.removeAll(keepingCapacity: true)
        first = 0
        offset = 0
        return true
    }

    private mutating func consume(_ count: Int) {
        var remaining = count
        byteCount -= count
        while remaining > 0 {
            let available = chunks[first].count - offset
            if remaining >= available {
                remaining -= available
                chunks[first] = []
                first += 1
                offset = 0
            } else {
                offset += remaining
                remaining = 0
            }
        }
        if first > 32 && first * 2 > chunks.count {
            chunks.removeSubrange(0..<first)
            first = 0
        }
    }

    /// One `writev` of a response head and body, the common case, without building
    /// an array of buffers first.
    static func writev(_ fd: Int32, head: [UInt8], body: [UInt8]) throws(POSIXCallError) -> IOResult<Int> {
        let result = head.withUnsafeBytes { head in
            body.withUnsafeBytes { body -> Result<IOResult<Int>, POSIXCallError> in
                var vectors = (
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress), iov_len: body.count)
                )
                let count = body.isEmpty ? 1 : 2
                return withUnsafeMutableBytes(of: &vectors) { raw in
                    let pointer = raw.baseAddress!.assumingMemoryBound(to: iovec.self)
                    return Result { () throws(POSIXCallError) -> IOResult<Int> in
                        try Socket.writev(fd, UnsafeMutableBufferPointer(start: pointer, count: count))
                    }
                }
            }
        }
        return try result.get()
    }

    /// The most buffers one `writev` is given.
    static let maximumVectors = 64

    /// One `writev` over `chunks` (the first from `firstOffset`), pinning each buffer
    /// while the call runs.
    static func writev(_ fd: Int32, _ chunks: ArraySlice<[UInt8]>, firstOffset: Int)
        throws(POSIXCallError) -> IOResult<Int>
    {
        let count = min(chunks.count, maximumVectors)
        let result = withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) {
            (vectors) -> Result<IOResult<Int>, POSIXCallError> in
            pin(chunks.prefix(count), firstOffset: firstOffset, into: vectors, at: 0) { filled in
                Result { () throws(POSIXCallError) -> IOResult<Int> in
                    try Socket.writev(fd, UnsafeMutableBufferPointer(rebasing: vectors[..<filled]))
                }
            }
        }
        return try result.get()
    }

    /// Fills `vectors` from `chunks` by nesting `withUnsafeBytes`, so every pointer
    /// stays valid until `body` returns.
    private static func pin<R>(
        _ chunks: ArraySlice<[UInt8]>, firstOffset: Int, into vectors: UnsafeMutableBufferPointer<iovec>,
        at index: Int, _ body: (Int) -> R
    ) -> R {
        guard let chunk = chunks.first else { return body(index) }
        return chunk.withUnsafeBytes { raw -> R in
            let skip = index == 0 ? firstOffset : 0
            if raw.count > skip, let base = raw.baseAddress {
                vectors[index] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: raw.count - skip)
                return pin(chunks.dropFirst(), firstOffset: 0, into: vectors, at: index + 1, body)
            }
            return pin(chunks.dropFirst(), firstOffset: 0, into: vectors, at: index, body)
        }
    }
}
