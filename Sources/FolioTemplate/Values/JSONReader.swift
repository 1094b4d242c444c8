/// A small strict JSON reader (RFC 8259) that keeps object key order, which
/// `JSONSerialization` does not promise.
struct JSONReader {
    let bytes: [UInt8]
    var file = "<json>"
    var offset = 0
    var depth = 0

    init(bytes: [UInt8], file: String = "<json>") {
        self.bytes = bytes
        self.file = file
    }

    mutating func readDocument() throws(TemplateError) -> TemplateValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        let value = try readValue()
        skipSpace()
        guard offset == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private func failure(_ message: String) -> TemplateError {
        let location = SourceLocation(bytes: bytes, offset: min(offset, bytes.count))
        return TemplateError(file: file, line: location.line, column: location.column, message: message)
    }

    private mutating func skipSpace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private mutating func readValue() throws(TemplateError) -> TemplateValue {
        skipSpace()
        guard offset < bytes.count else { throw failure("expected a JSON value, found the end of the text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readWord("true", .bool(true))
        case UInt8(ascii: "f"): return try readWord("false", .bool(false))
        case UInt8(ascii: "n"): return try readWord("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw failure("expected a JSON value")
        }
    }

    private mutating func readWord(_ word: String, _ value: TemplateValue) throws(TemplateError)
        -> TemplateValue
    {
        let utf8 = Array(word.utf8)
        guard bytes[offset...].starts(with: utf8) else { throw failure("expected '\(word)'") }
        offset += utf8.count
        return value
    }

    private mutating func nest() throws(TemplateError) {
        depth += 1
        if depth > 512 { throw failure("JSON nested more than 512 levels deep") }
    }

    private mutating func readObject() throws(TemplateError) -> TemplateValue {
        try nest()
        offset += 1
        var object = TemplateObject()
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw failure("expected a quoted key")
            }
            let key = try readString()
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key)\"")
            }
            offset += 1
            let value = try readValue()
            if object[key] == nil { object.set(key, value) }
            skipSpace()
            guard offset < bytes.count else { throw failure("unterminated object: expected ',' or '}'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                return .object(object)
            } else {
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray() throws(TemplateError) -> TemplateValue {
        try nest()
        offset += 1
        var items: [TemplateValue] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try readValue())
            skipSpace()
            guard offset < bytes.count else { throw failure("unterminated array: expected ',' or ']'") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return .array(items)
            } else {
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readNumber() throws(TemplateError) -> TemplateValue {
        let start = offset
        while offset < bytes.count,
            let byte = Optional(bytes[offset]),
            (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65
                || byte == 0x45
        {
            offset += 1
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            offset = start
            throw failure("malformed number '\(text)'")
        }
        return .number(number)
    }

    private mutating func readHex4() throws(TemplateError) -> UInt32 {
        guard offset + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw failure("expected four hex digits after \\u") }
        offset += 4
        return value
    }

    private mutating func readString() throws(TemplateError) -> String {
        offset += 1
        var scalars: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { throw failure("unterminated string") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count,
                        bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                    {
                        offset += 2
                        let low = try readHex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            // A lone high surrogate: it becomes U+FFFD and the
                            // escape after it stands on its own.
                            appendScalar(0xFFFD, to: &scalars)
                            code = low
                        }
                    }
                    appendScalar(code, to: &scalars)
                default:
                    offset -= 1
                    throw failure("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            default:
                if byte < 0x20 {
                    offset -= 1
                    throw failure("control character in a string (escape it)")
                }
                scalars.append(byte)
            }
        }
    }

    /// Appends `code` as UTF-8; a lone surrogate, which is no scalar, becomes U+FFFD.
    private func appendScalar(_ code: UInt32, to scalars: inout [UInt8]) {
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
