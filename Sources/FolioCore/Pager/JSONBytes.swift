/// JSON text written straight into bytes, for values saved often (a pager's
/// state at every click), where `JSONEncoder`'s generic machinery costs more
/// than everything else the save does. What it writes decodes with
/// `JSONDecoder` to the value `JSONEncoder` would have written.
public struct JSONBytes: Sendable {
    /// The text so far, UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// Starts empty, with room for `capacity` bytes.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Appends JSON punctuation or another literal as is.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends JSON text written elsewhere (a value made by another `JSONBytes`).
    public mutating func json(_ text: [UInt8]) { bytes.append(contentsOf: text) }

    /// Appends a JSON array of `items`, each written by `write`.
    @inlinable
    public mutating func array<Items: Sequence>(
        _ items: Items, _ write: (inout JSONBytes, Items.Element) -> Void
    ) {
        raw("[")
        var first = true
        for item in items {
            if !first { raw(",") }
            first = false
            write(&self, item)
        }
        raw("]")
    }

    /// Appends a string literal: quoted, with `"`, `\` and control characters escaped.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped, the runs that need no escape a whole run at a
    /// time: byte by byte, a state's keys and titles were most of a save's JSON.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for index in text.indices {
            let byte = text[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
            run = index + 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            default:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
    }

    /// Appends an integer, its digits written here rather than through a `String`.
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends a finite number: the shortest form that reads back the same,
    /// a whole number without `.0` (as `JSONEncoder` writes it).
    public mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no \(value)")
        // Whole numbers up to 2^53 (`description` writes their digits, then
        // ".0") without making the text; larger ones as `description` has them.
        if value.rounded(.towardZero) == value && abs(value) <= 9_007_199_254_740_992 {
            if value == 0 && value.sign == .minus { raw("-") }
            integer(Int(value))
        } else {
            let text = value.description
            bytes.append(contentsOf: text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...])
        }
    }

    /// Appends `"key":`.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
