/// PostgreSQL's array literals (`{"a","b"}`) as UTF-8 bytes, for one
/// parameter that carries a whole batch.
enum ArrayLiteral {
    /// Every element quoted, `"` and `\` escaped, so no value reads as
    /// `NULL`. Escaping bytes is enough: in UTF-8 no byte of a longer
    /// character is `"` or `\`.
    static func text(_ items: [String]) -> [UInt8] {
        var literal: [UInt8] = [UInt8(ascii: "{")]
        literal.reserveCapacity(items.reduce(2) { $0 + $1.utf8.count + 3 })
        for (position, item) in items.enumerated() {
            if position > 0 { literal.append(UInt8(ascii: ",")) }
            literal.append(UInt8(ascii: "\""))
            for byte in item.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    literal.append(UInt8(ascii: "\\"))
                }
                literal.append(byte)
            }
            literal.append(UInt8(ascii: "\""))
        }
        literal.append(UInt8(ascii: "}"))
        return literal
    }

    /// Bytes as hexadecimal text, which `decode(…, 'hex')` turns back.
    static func hex(_ items: [[UInt8]]) -> [UInt8] {
        var literal: [UInt8] = [UInt8(ascii: "{")]
        literal.reserveCapacity(items.reduce(2) { $0 + 2 * $1.count + 3 })
        for (position, item) in items.enumerated() {
            if position > 0 { literal.append(UInt8(ascii: ",")) }
            literal.append(UInt8(ascii: "\""))
            for byte in item {
                literal.append(digits[Int(byte >> 4)])
                literal.append(digits[Int(byte & 0x0F)])
            }
            literal.append(UInt8(ascii: "\""))
        }
        literal.append(UInt8(ascii: "}"))
        return literal
    }

    /// Finite numbers, each the shortest text that reads back the same.
    static func numbers(_ items: [Double]) -> [UInt8] {
        Array(("{" + items.map(\.description).joined(separator: ",") + "}").utf8)
    }

    private static let digits = Array("0123456789abcdef".utf8)
}
