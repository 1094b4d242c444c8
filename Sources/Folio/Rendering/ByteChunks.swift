/// Byte-level helpers for cached, pre-rendered output.
enum ByteChunks {
    /// Splits `bytes` at every occurrence of any of `markers`, dropping
    /// them: `n` occurrences give `n + 1` chunks, and `slots[i]` is the
    /// index in `markers` of the one that stood between chunk `i` and `i + 1`.
    static func split(_ bytes: [UInt8], at markers: [[UInt8]]) -> (chunks: [[UInt8]], slots: [Int]) {
        var chunks: [[UInt8]] = []
        var slots: [Int] = []
        var start = 0
        var index = 0
        scanning: while index < bytes.count {
            for (slot, marker) in markers.enumerated()
            where !marker.isEmpty && bytes[index] == marker[0] && bytes.count - index >= marker.count
                && bytes[index..<index + marker.count].elementsEqual(marker)
            {
                chunks.append(Array(bytes[start..<index]))
                slots.append(slot)
                index += marker.count
                start = index
                continue scanning
            }
            index += 1
        }
        chunks.append(Array(bytes[start...]))
        return (chunks, slots)
    }

    /// A 64-bit FNV-1a hash as 16 hex digits, for ETags.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
