/// The bytes around a chunk of a chunked body (RFC 9112 7.1). The size line
/// of the last size seen is kept, so a broadcast of one event to many
/// streams builds it once and every stream shares it.
struct ChunkFraming {
    private var lastCount = -1
    private var lastLine: [UInt8] = []

    /// The CRLF after a chunk's data.
    static let trailer: [UInt8] = [0x0D, 0x0A]
    /// The final, empty chunk with no trailer fields.
    static let lastChunk = Array("0\r\n\r\n".utf8)

    /// `count` in hexadecimal and CRLF.
    mutating func sizeLine(_ count: Int) -> [UInt8] {
        if count != lastCount {
            lastCount = count
            lastLine = Array((String(count, radix: 16) + "\r\n").utf8)
        }
        return lastLine
    }
}
