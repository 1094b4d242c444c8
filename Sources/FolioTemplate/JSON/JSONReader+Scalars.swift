extension JSONReader {
    /// Reads a number; the text must be one Swift's `Double` accepts, and
    /// finite (so `1e999` is an error, not infinity).
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = offset
        let location = here
        if current == UInt8(ascii: "-") { advance() }
        while let byte = current,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
        {
            advance()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard Self.isNumberSyntax(bytes[start..<offset]), let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(.notANumber(text), at: location)
        }
        return number
    }

    /// Whether `text` is a number as RFC 8259 writes one:
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`. `Double(_:)` alone
    /// would also take `1.`, `.5` and `007`.
    static func isNumberSyntax(_ text: ArraySlice<UInt8>) -> Bool {
        var position = text.startIndex
        func digits() -> Int {
            let first = position
            while position < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[position]) {
                position += 1
            }
            return position - first
        }
        func take(_ byte: Character) -> Bool {
            guard position < text.endIndex, text[position] == byte.asciiValue else { return false }
            position += 1
            return true
        }
        _ = take("-")
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits == 1 || (integerDigits > 1 && text[integerStart] != UInt8(ascii: "0")) else {
            return false
        }
        if take("."), digits() == 0 { return false }
        if take("e") || take("E") {
            if !take("+") { _ = take("-") }
            if digits() == 0 { return false }
        }
        return position == text.endIndex
    }

    /// Reads a string from its opening quote; bytes that are not UTF-8
    /// become U+FFFD.
    mutating func string() throws(JSONSyntaxError) -> String {
        let start = here
        advance()  // opening quote
        var decoded: [UInt8] = []  // only when there are escapes
        var chunkStart = offset
        while true {
            // A run of plain bytes, without advance()'s bookkeeping: a string
            // holds no newline, so only the column moves.
            while offset < bytes.count, bytes[offset] >= 0x20, bytes[offset] != UInt8(ascii: "\""),
                bytes[offset] != UInt8(ascii: "\\")
            {
                if bytes[offset] & 0xC0 != 0x80 { column += 1 }
                offset += 1
            }
            guard let byte = current else { throw JSONSyntaxError(.unterminatedString(end: here), at: start) }
            guard byte >= 0x20 else { throw error(.controlCharacter) }
            if byte == UInt8(ascii: "\"") {
                let text =
                    decoded.isEmpty
                    ? String(decoding: bytes[chunkStart..<offset], as: UTF8.self)
                    : String(decoding: decoded + bytes[chunkStart..<offset], as: UTF8.self)
                advance()
                return text
            }
            decoded.append(contentsOf: bytes[chunkStart..<offset])
            advance()  // backslash
            UTF8.encode(try escape()) { decoded.append($0) }
            chunkStart = offset
        }
    }

    /// Reads what follows a backslash.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error(.unterminatedEscape) }
        let letter = here
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try unicodeEscape()
        default: throw error(.unknownEscape(Character(Unicode.Scalar(byte)), at: letter))
        }
    }

    /// Reads `XXXX` after `\u`, and the low half after a high surrogate; a
    /// surrogate without its other half is an error.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard current == UInt8(ascii: "\\") else { throw error(.loneSurrogate) }
            advance()
            guard current == UInt8(ascii: "u") else { throw error(.loneSurrogate) }
            advance()
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            else { throw error(.badSurrogatePair) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error(.loneSurrogate) }
        return scalar
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        let start = here
        var result: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error(.expectedHexDigits(start: start))
            }
            result = result * 16 + digit
            advance()
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
