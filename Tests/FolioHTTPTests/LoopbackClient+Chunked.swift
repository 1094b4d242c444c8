/// Reading a chunked body one chunk at a time, as a stream's client does.
extension LoopbackClient {
    /// The data of the next chunk, `[]` for the final chunk, nil on EOF or timeout.
    func readChunk() -> [UInt8]? {
        var lineEnd: Int?
        while lineEnd == nil {
            lineEnd = buffered.indices.dropLast().first { buffered[$0] == 13 && buffered[$0 + 1] == 10 }
            if lineEnd == nil && !fill() { return nil }
        }
        guard let size = Int(String(decoding: buffered[..<lineEnd!], as: UTF8.self), radix: 16) else {
            return nil
        }
        let needed = lineEnd! + 2 + size + 2
        while buffered.count < needed { if !fill() { return nil } }
        let data = Array(buffered[(lineEnd! + 2)..<(lineEnd! + 2 + size)])
        buffered.removeFirst(needed)
        return data
    }

    /// The next chunk as text, nil on EOF or timeout.
    func readChunkText() -> String? { readChunk().map { String(decoding: $0, as: UTF8.self) } }
}
