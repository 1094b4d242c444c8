/// Folio's one JSON reader: strict RFC 8259 into ``JSONNode``s that know
/// their line and column, keeping object members in source order.
///
/// Foundation's `JSONSerialization` forgets positions and does not promise key
/// order; configuration problems must name a place and templates show keys
/// in the order they were written, hence this small reader. It reads page
/// data fetched from other machines, so it is hostile-input safe: nesting is
/// capped at ``maximumDepth``, lone surrogate escapes are errors and bytes
/// that are not UTF-8 become U+FFFD.
public struct JSONReader {
    /// The deepest nesting read; deeper input is an error rather than a risk
    /// to the stack.
    public static let maximumDepth = 256

    let bytes: [UInt8]
    let allowsComments: Bool
    var offset = 0
    var line = 1
    var column = 1

    /// Parses one JSON document (a UTF-8 byte order mark is skipped).
    /// - Parameters:
    ///   - bytes: UTF-8 text.
    ///   - allowsComments: Whether `//` and `/* */` comments may stand where
    ///     white space may, as configuration files like; off (strict RFC
    ///     8259) by default, and for page data.
    /// - Throws: ``JSONSyntaxError`` at the first malformed place.
    public static func parse(_ bytes: [UInt8], allowsComments: Bool = false) throws(JSONSyntaxError)
        -> JSONNode
    {
        var reader = JSONReader(bytes: bytes, allowsComments: allowsComments)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        let node = try reader.value(depth: 0)
        try reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.error(.textAfterValue) }
        return node
    }

    private init(bytes: [UInt8], allowsComments: Bool) {
        self.bytes = bytes
        self.allowsComments = allowsComments
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
        JSONSyntaxError(problem, at: here)
    }

    mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars, not continuation bytes
        }
    }

    /// Skips white space, and comments when they are allowed.
    mutating func skipSpace() throws(JSONSyntaxError) {
        while true {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                advance()
            }
            guard allowsComments, current == UInt8(ascii: "/"), offset + 1 < bytes.count else { return }
            switch bytes[offset + 1] {
            case UInt8(ascii: "/"):
                while let byte = current, byte != 0x0A { advance() }
            case UInt8(ascii: "*"): try skipBlockComment()
            default: return
            }
        }
    }

    private mutating func skipBlockComment() throws(JSONSyntaxError) {
        let start = here
        advance()
        advance()
        while true {
            guard current != nil else { throw JSONSyntaxError(.unterminatedComment, at: start) }
            if current == UInt8(ascii: "*"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/")
            {
                advance()
                advance()
                return
            }
            advance()
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        try skipSpace()
        guard depth < Self.maximumDepth else { throw error(.tooDeep) }
        let start = here
        guard let byte = current else { throw error(.endInsteadOfValue) }
        let value: JSONNode.Value
        switch byte {
        case UInt8(ascii: "{"): value = .object(try members(depth: depth))
        case UInt8(ascii: "["): value = .array(try items(depth: depth))
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"): value = try word("true", .bool(true), at: start)
        case UInt8(ascii: "f"): value = try word("false", .bool(false), at: start)
        case UInt8(ascii: "n"): value = try word("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
        default: throw error(.notAValue(found: Character(Unicode.Scalar(byte))))
        }
        return JSONNode(value: value, location: start)
    }

    private mutating func word(_ word: String, _ value: JSONNode.Value, at start: SourceLocation)
        throws(JSONSyntaxError)
        -> JSONNode.Value
    {
        for expected in word.utf8 {
            guard current == expected else { throw error(.expectedWord(word, start: start)) }
            advance()
        }
        return value
    }

    private mutating func members(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        var result: [JSONMember] = []
        guard try !opensEmpty(closedBy: UInt8(ascii: "}")) else { return result }
        repeat {
            try skipSpace()
            let keyLocation = here
            guard current == UInt8(ascii: "\"") else { throw error(.expectedKey) }
            let key = try string()
            try skipSpace()
            guard current == UInt8(ascii: ":") else { throw error(.expectedColon(key: key)) }
            advance()
            let item = try value(depth: depth + 1)
            result.append(JSONMember(key: key, keyLocation: keyLocation, value: item))
        } while try !closes(with: UInt8(ascii: "}"), else: JSONSyntaxError.Problem.expectedCommaOrBrace)
        return result
    }

    private mutating func items(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        var result: [JSONNode] = []
        guard try !opensEmpty(closedBy: UInt8(ascii: "]")) else { return result }
        repeat {
            result.append(try value(depth: depth + 1))
        } while try !closes(with: UInt8(ascii: "]"), else: JSONSyntaxError.Problem.expectedCommaOrBracket)
        return result
    }

    /// Steps over a container's opening; true (and past `closer`) when the
    /// container is empty.
    private mutating func opensEmpty(closedBy closer: UInt8) throws(JSONSyntaxError) -> Bool {
        advance()
        try skipSpace()
        guard current == closer else { return false }
        advance()
        return true
    }

    /// After an item: false past a `,` (another item follows), true past
    /// `closer`; anything else is `problem` (told whether the text ended).
    private mutating func closes(
        with closer: UInt8, else problem: (_ atEnd: Bool) -> JSONSyntaxError.Problem
    ) throws(JSONSyntaxError) -> Bool {
        try skipSpace()
        switch current {
        case UInt8(ascii: ","):
            advance()
            return false
        case closer:
            advance()
            return true
        default: throw error(problem(current == nil))
        }
    }
}
