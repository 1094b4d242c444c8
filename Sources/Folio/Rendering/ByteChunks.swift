/// Byte-level helpers for cached, pre-rendered output.
enum ByteChunks {
    /// Splits `bytes` at every occurrence of `marker`, dropping the markers:
    /// `n` markers give `n + 1` chunks.
    static func split(_ bytes: [UInt8], at marker: [UInt8]) -> [[UInt8]] {
        guard !marker.isEmpty, bytes.count >= marker.count else { return [bytes] }
        var chunks: [[UInt8]] = []
        var start = 0
        var index = 0
        let first = marker[0]
        let last = bytes.count - marker.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + marker.count].elementsEqual(marker) {
                chunks.append(Array(bytes[start..<index]))
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        chunks.append(Array(bytes[start...]))
        return chunks
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
