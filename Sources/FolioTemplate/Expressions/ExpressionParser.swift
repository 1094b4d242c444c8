/// Compiles TALES expression text. Failures are messages; the compiler adds
/// the file, line and column of the attribute.
import FolioSync

enum ExpressionParser {
    struct Failure: Error {
        var message: String
    }

    /// Parses a whole expression (with an optional type prefix); `formatting`
    /// compiles the specs of `format:` and `level:`.
    static func parse(_ source: String, formatting: (any TemplateFormatting)? = nil) throws(Failure)
        -> Expression
    {
        let text = String(source.trimmingASCIIWhitespace())
        if text.isEmpty { throw Failure(message: "empty expression") }
        if let rest = text.dropPrefix("string:") { return .string(try parseString(rest)) }
        if let rest = text.dropPrefix("not:") { return .not(try parse(rest, formatting: formatting)) }
        if let rest = text.dropPrefix("exists:") {
            return .exists(try parsePaths(rest, formatting: formatting))
        }
        if let rest = text.dropPrefix("nocall:") { return try parsePaths(rest, formatting: formatting) }
        if let rest = text.dropPrefix("path:") { return try parsePaths(rest, formatting: formatting) }
        for kind in [TemplateFormatKind.format, .level] {
            if let rest = text.dropPrefix(kind.rawValue + ":") {
                return try parseFormatted(rest, kind: kind, formatting: formatting)
            }
        }
        if let colon = text.firstIndex(of: ":"),
            text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
            !text[..<colon].contains("/")
        {
            throw Failure(
                message:
                    "unknown expression type '\(text[...colon])'"
                    + " (known: path:, string:, not:, exists:, nocall:, format:, level:)"
            )
        }
        return try parsePaths(text)
    }

    /// Parses `text` or `structure` followed by an expression.
    static func parseContent(_ source: String, formatting: (any TemplateFormatting)? = nil) throws(Failure)
        -> ContentExpression
    {
        let text = String(source.trimmingASCIIWhitespace())
        var structure = false
        var body = text
        if let rest = text.dropPrefix("structure "), !rest.isEmpty {
            structure = true
            body = rest
        } else if let rest = text.dropPrefix("text "), !rest.isEmpty {
            body = rest
        }
        return ContentExpression(
            expression: try parse(body, formatting: formatting), isStructure: structure, text: text)
    }

    /// `a | b | c`: each alternative that is a plain path stays a path; the
    /// first one that is not (`string:...`, `not:...`) takes the rest.
    static func parsePaths(_ source: String, formatting: (any TemplateFormatting)? = nil) throws(Failure)
        -> Expression
    {
        var alternatives: [Expression] = []
        var rest = Substring(source)
        while true {
            let bar = rest.firstIndex(of: "|")
            let segment = String((bar.map { rest[..<$0] } ?? rest).trimmingASCIIWhitespace())
            if let path = path(segment) {
                alternatives.append(.path(path))
            } else if alternatives.isEmpty {
                if segment.isEmpty {
                    throw Failure(message: "empty path in '\(source.trimmingASCIIWhitespace())'")
                }
                throw Failure(message: "'\(segment)' is not a valid path")
            } else {
                alternatives.append(try parse(String(rest), formatting: formatting))
                break
            }
            guard let bar else { break }
            rest = rest[rest.index(after: bar)...]
        }
        return alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
    }

    private static func isStepCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "_-.~,@".contains(character)
    }

    /// A path, or nil when `text` is not one.
    static func path(_ text: String) -> PathExpression? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty, first.allSatisfy(isStepCharacter) else { return nil }
        var steps: [PathExpression.Step] = []
        for part in parts.dropFirst() {
            if part.hasPrefix("?") {
                let name = part.dropFirst()
                guard !name.isEmpty, name.allSatisfy(isStepCharacter) else { return nil }
                steps.append(.variable(String(name)))
            } else {
                guard !part.isEmpty, part.allSatisfy(isStepCharacter) else { return nil }
                let index = part.allSatisfy(\.isASCII) ? Int(part) : nil
                steps.append(.name(String(part), index: index))
            }
        }
        let root: PathExpression.Root
        switch first {
        case "nothing": root = .nothing
        case "default": root = .default
        case "repeat": root = .repeat
        case "attrs": root = .attrs
        default: root = .variable(String(first))
        }
        return PathExpression(root: root, steps: steps, text: text)
    }

    /// `string:` text: `$$` is a dollar, `$name` a variable, `${path}` a path.
    static func parseString(_ source: String) throws(Failure) -> [StringPart] {
        var parts: [StringPart] = []
        var literal = ""
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            guard character == "$" else {
                literal.append(character)
                index = source.index(after: index)
                continue
            }
            let next = source.index(after: index)
            guard next < source.endIndex else {
                throw Failure(message: "a lone '$' ends '\(source)': write '$$' for a dollar sign")
            }
            if source[next] == "$" {
                literal.append("$")
                index = source.index(after: next)
                continue
            }
            let pathText: String
            if source[next] == "{" {
                guard let close = source[next...].firstIndex(of: "}") else {
                    throw Failure(message: "'${' without a closing '}' in '\(source)'")
                }
                pathText = String(String(source[source.index(after: next)..<close]).trimmingASCIIWhitespace())
                index = source.index(after: close)
            } else {
                var end = next
                while end < source.endIndex, source[end].isASCII,
                    source[end].isLetter || source[end].isNumber || source[end] == "_"
                {
                    end = source.index(after: end)
                }
                guard end > next, source[next].isLetter || source[next] == "_" else {
                    throw Failure(
                        message: "'$' must be followed by a name, '{path}' or '$' in '\(source)'")
                }
                pathText = String(source[next..<end])
                index = end
            }
            guard let path = path(pathText) else {
                throw Failure(message: "'\(pathText)' is not a valid path in '\(source)'")
            }
            if !literal.isEmpty {
                parts.append(.literal(literal))
                literal = ""
            }
            parts.append(.path(path))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// Splits statement text on `;`, where `;;` stands for a literal `;`.
    static func splitClauses(_ text: String) -> [String] {
        var clauses: [String] = []
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == ";" {
                if next < text.endIndex, text[next] == ";" {
                    current.append(";")
                    index = text.index(after: next)
                    continue
                }
                clauses.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index = next
        }
        clauses.append(current)
        return clauses.filter { !$0.trimmingASCIIWhitespace().isEmpty }
    }
}

extension StringProtocol {
    /// With every run of whitespace turned into one space (for messages).
    var squashingSpaces: String {
        split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    /// The rest after `prefix`, or nil.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
