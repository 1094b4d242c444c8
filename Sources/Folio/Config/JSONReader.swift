/// A JSON syntax error at a place in the source.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var location: SourceLocation
    var message: String
}

/// Reads JSON (plus `//` and `/* */` comments, which configuration files
/// like to carry) into `JSONNode`s that know their line and column.
///
/// Foundation's `JSONSerialization` forgets positions, and every
/// configuration problem must name one, hence this small reader.
struct JSONReader {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var column = 1
    /// Deep nesting is refused rather than risking the stack.
    private let maximumDepth = 256

    /// Parses one JSON document.
    /// - Throws: `JSONSyntaxError` at the first malformed place.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        let node = try reader.value(depth: 0)
        try reader.skipSpaceAndComments()
        guard reader.offset == bytes.count else {
            throw reader.error("unexpected text after the JSON value")
        }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var here: SourceLocation { SourceLocation(line: line, column: column) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: here, message: message)
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars, not continuation bytes
        }
    }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func skipSpaceAndComments() throws(JSONSyntaxError) {
        while true {
            skipSpace()
            guard current == UInt8(ascii: "/"), offset + 1 < bytes.count else { return }
            let start = here
            if bytes[offset + 1] == UInt8(ascii: "/") {
                while let byte = current, byte != 0x0A { advance() }
            } else if bytes[offset + 1] == UInt8(ascii: "*") {
                advance()
                advance()
                while true {
                    guard current != nil else {
                        throw JSONSyntaxError(location: start, message: "unterminated comment")
                    }
                    if current == UInt8(ascii: "*"), offset + 1 < bytes.count,
                        bytes[offset + 1] == UInt8(ascii: "/")
                    {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        try skipSpaceAndComments()
        guard depth < maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
        let start = here
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: .object(try members(depth: depth)), location: start)
        case UInt8(ascii: "["): return JSONNode(value: .array(try items(depth: depth)), location: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), location: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), location: start)
        default:
            throw error("expected a value, found '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            advance()
        }
    }

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        advance()  // {
        var result: [JSONMember] = []
        try skipSpaceAndComments()
        if current == UInt8(ascii: "}") {
            advance()
            return result
        }
        while true {
            try skipSpaceAndComments()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try string()
            try skipSpaceAndComments()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            advance()
            let item = try value(depth: depth + 1)
            result.append(JSONMember(key: key, keyLocation: keyLocation, value: item))
            try skipSpaceAndComments()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                return result
            default: throw error("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func items(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        advance()  // [
        var result: [JSONNode] = []
        try skipSpaceAndComments()
        if current == UInt8(ascii: "]") {
            advance()
            return result
        }
        while true {
            result.append(try value(depth: depth + 1))
            try skipSpaceAndComments()
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                return result
            default: throw error("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
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
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(location: location, message: "'\(text)' is not a number")
        }
        return number
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = here
        advance()  // opening quote
        var scalars = String.UnicodeScalarView()
        var chunkStart = offset
        func flush(_ reader: JSONReader, upTo end: Int) {
            scalars.append(
                contentsOf: String(decoding: reader.bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = current else {
                throw JSONSyntaxError(location: start, message: "unterminated string")
            }
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: offset)
                advance()
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (use \\n, \\t)") }
            if byte == UInt8(ascii: "\\") {
                flush(self, upTo: offset)
                advance()
                scalars.append(try escape())
                chunkStart = offset
                continue
            }
            advance()
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
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
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\") else { throw error("lone surrogate in \\u escape") }
                advance()
                guard current == UInt8(ascii: "u") else { throw error("lone surrogate in \\u escape") }
                advance()
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair") }
                let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(combined)!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("lone surrogate in \\u escape") }
            return scalar
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var result: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw error("expected four hex digits after \\u")
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
