#if canImport(Glibc)
    import Glibc
#endif

/// Output waiting for a socket that would not take it yet. Buffers are kept
/// as the handler returned them (shared, not copied) and sent with `writev`;
/// file regions are sent with `sendfile` straight from the page cache, so a
/// big file costs no memory however slowly the client reads.
struct OutputQueue {
    private enum Chunk {
        case bytes([UInt8])
        case file(FileRegion)

        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .file(let region): region.count
            }
        }
    }

    /// What one `write(to:)` did.
    struct Progress: Equatable {
        /// Bytes the socket took.
        var written: Int
        /// Whether everything queued is written.
        var drained: Bool
    }

    private var chunks: [Chunk] = []
    private var first = 0
    /// How far into `chunks[first]` has been sent.
    private var offset = 0
    /// Bytes still to send (file regions included).
    private(set) var byteCount = 0

    /// Whether nothing is waiting.
    var isEmpty: Bool { byteCount == 0 }

    /// The most one `write(to:)` sends before letting the loop serve others:
    /// a fast reader of a big file must not hold the loop until it is all sent.
    static let maximumBytesPerWrite = 1024 * 1024

    /// Queues `bytes` (from `start`) after what is already waiting.
    mutating func append(_ bytes: [UInt8], from start: Int = 0) {
        guard start < bytes.count else { return }
        resetIfEmpty()
        if chunks.isEmpty {
            offset = start
        } else if start > 0 {
            chunks.append(.bytes(Array(bytes[start...])))
            byteCount += bytes.count - start
            return
        }
        chunks.append(.bytes(bytes))
        byteCount += bytes.count - start
    }

    /// Queues a file region after what is already waiting; it is read only as it is sent.
    mutating func append(_ region: FileRegion) {
        guard region.count > 0 else { return }
        resetIfEmpty()
        chunks.append(.file(region))
        byteCount += region.count
    }

    /// Chunk slots kept when the queue empties; a burst's bigger array is freed
    /// (an idle stream should hold next to nothing).
    static let keptSlots = 16

    private mutating func resetIfEmpty() {
        guard byteCount == 0 else { return }
        chunks.removeAll(keepingCapacity: chunks.capacity <= Self.keptSlots)
        first = 0
        offset = 0
    }

    /// Writes as much as the socket takes, at most `maximumBytesPerWrite`.
    ///
    /// - Returns: how many bytes went out and whether the queue is empty now
    ///   (not drained: the socket would block, or the loop should serve others first).
    /// - Throws: the failed call; `sendfile` with `EIO` when a file shrank
    ///   below the length already promised.
    mutating func write(to fd: Int32) throws(POSIXCallError) -> Progress {
        var written = 0
        while byteCount > 0 {
            guard written < Self.maximumBytesPerWrite else {
                return Progress(written: written, drained: false)
            }
            let result: IOResult<Int>
            switch chunks[first] {
            case .file(let region):
                let count = min(region.count - offset, Self.maximumBytesPerWrite - written)
                result = try Socket.sendfile(
                    fd, from: region.descriptor, at: region.offset + offset, count: count)
                if case .processed(0) = result { throw POSIXCallError(call: "sendfile", errno: EIO) }
            case .bytes:
                result = try Self.writev(fd, chunks[first...], firstOffset: offset)
            }
            guard case .processed(let count) = result else {
                return Progress(written: written, drained: false)
            }
            consume(count)
            written += count
        }
        resetIfEmpty()
        return Progress(written: written, drained: true)
    }

    private mutating func consume(_ count: Int) {
        var remaining = count
        byteCount -= count
        while remaining > 0 {
            let available = chunks[first].count - offset
            if remaining >= available {
                remaining -= available
                chunks[first] = .bytes([])  // lets go of the buffer or closes the file now
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

    /// One `writev` of a response head and a body in parts (a cached page with
    /// its form's fields between), without queueing them first.
    static func writev(_ fd: Int32, head: [UInt8], parts: [[UInt8]]) throws(POSIXCallError) -> IOResult<Int> {
        let count = min(parts.count + 1, maximumVectors)
        let result = withUnsafeTemporaryAllocation(of: iovec.self, capacity: count) {
            (vectors) -> Result<IOResult<Int>, POSIXCallError> in
            head.withUnsafeBytes { head in
                vectors[0] = iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count)
                return parts.withUnsafeBufferPointer { parts in
                    pin(UnsafeBufferPointer(rebasing: parts.prefix(count - 1)), from: 0, into: vectors, at: 1)
                    {
                        filled in
                        Result { () throws(POSIXCallError) -> IOResult<Int> in
                            try Socket.writev(fd, UnsafeMutableBufferPointer(rebasing: vectors[..<filled]))
                        }
                    }
                }
            }
        }
        return try result.get()
    }

    /// The most buffers one `writev` is given.
    static let maximumVectors = 64

    /// One `writev` over the buffers at the front of `chunks` (the first from
    /// `firstOffset`) up to the first file region, pinning each while the call runs.
    private static func writev(_ fd: Int32, _ chunks: ArraySlice<Chunk>, firstOffset: Int)
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

    /// Fills `vectors` from `buffers` (from `position` on) by nesting
    /// `withUnsafeBytes`, so every pointer stays valid until `body` returns;
    /// empty buffers are left out. The buffers are reached in place through
    /// the outer buffer: slicing and taking `first` copied each (a retain
    /// and a release per part, every answer).
    private static func pin<R>(
        _ buffers: UnsafeBufferPointer<[UInt8]>, from position: Int,
        into vectors: UnsafeMutableBufferPointer<iovec>, at index: Int, _ body: (Int) -> R
    ) -> R {
        guard position < buffers.count else { return body(index) }
        return buffers[position].withUnsafeBytes { raw -> R in
            guard let base = raw.baseAddress, raw.count > 0 else {
                return pin(buffers, from: position + 1, into: vectors, at: index, body)
            }
            vectors[index] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: raw.count)
            return pin(buffers, from: position + 1, into: vectors, at: index + 1, body)
        }
    }

    /// Fills `vectors` from the buffers of `chunks` by nesting `withUnsafeBytes`,
    /// so every pointer stays valid until `body` returns; stops at a file region.
    private static func pin<R>(
        _ chunks: ArraySlice<Chunk>, firstOffset: Int, into vectors: UnsafeMutableBufferPointer<iovec>,
        at index: Int, _ body: (Int) -> R
    ) -> R {
        guard case .bytes(let chunk)? = chunks.first else { return body(index) }
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
