/// Markup written as UTF-8 bytes: the chart widgets write thousands of
/// rows and coordinates per render, and a `String` per piece made that
/// most of a render's time.
struct MarkupBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Markup as it is: only literals of the widget's own.
    mutating func append(_ markup: StaticString) {
        markup.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `text` safe inside XML text and double-quoted attributes: `&<>"'`
    /// as references, the control characters XML 1.0 forbids (all but tab
    /// and newline) dropped. Every byte looked at is ASCII, so UTF-8
    /// sequences pass through whole.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where Self.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
                default: break  // a forbidden control character
                }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
    }

    /// The markup as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether `text` has nothing `appendEscaped` would change.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { !needsEscape($0) }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        case UInt8(ascii: "\n"), UInt8(ascii: "\t"): return false
        default: return byte < 0x20
        }
    }
}
