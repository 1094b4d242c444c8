/// JSON that ``JSONReader`` cannot read, with the place of the first mistake.
///
/// `description` is `line:column: message`.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the mistake is: the offending character, or the start of what
    /// was left open (an unterminated string or comment) or malformed (a
    /// number).
    public var location: SourceLocation
    let problem: Problem

    init(_ problem: Problem, at location: SourceLocation) {
        self.problem = problem
        self.location = location
    }

    /// What is wrong, in the words configuration errors use
    /// (`expected a value, found ']'`).
    public var message: String {
        switch problem {
        case .endInsteadOfValue: "expected a value, found the end of the file"
        case .notAValue(let found): "expected a value, found '\(found)'"
        case .expectedWord(let word, _): "expected '\(word)'"
        case .expectedKey: "expected a quoted key"
        case .expectedColon: "expected ':' after the key"
        case .expectedCommaOrBrace: "expected ',' or '}' in the object"
        case .expectedCommaOrBracket: "expected ',' or ']' in the array"
        case .textAfterValue: "unexpected text after the JSON value"
        case .notANumber(let text): "'\(text)' is not a number"
        case .unterminatedString: "unterminated string"
        case .unterminatedEscape: "unterminated escape"
        case .controlCharacter: "control character in a string (use \\n, \\t)"
        case .unknownEscape(let letter, _): "unknown escape '\\\(letter)'"
        case .expectedHexDigits: "expected four hex digits after \\u"
        case .loneSurrogate: "lone surrogate in \\u escape"
        case .badSurrogatePair: "bad surrogate pair"
        case .unterminatedComment: "unterminated comment"
        case .tooDeep: "nesting deeper than \(JSONReader.maximumDepth) levels"
        }
    }

    /// What is wrong, in the words page data errors have always used
    /// (`expected a JSON value`), so `TemplateValue(json:)` reads as before.
    var pageDataMessage: String {
        switch problem {
        case .endInsteadOfValue: "expected a JSON value, found the end of the text"
        case .notAValue: "expected a JSON value"
        case .expectedColon(let key): "expected ':' after the key \"\(key)\""
        case .expectedCommaOrBrace(let atEnd):
            atEnd ? "unterminated object: expected ',' or '}'" : "expected ',' or '}' in an object"
        case .expectedCommaOrBracket(let atEnd):
            atEnd ? "unterminated array: expected ',' or ']'" : "expected ',' or ']' in an array"
        case .notANumber(let text): "malformed number '\(text)'"
        case .unterminatedEscape: "unterminated string"
        case .controlCharacter: "control character in a string (escape it)"
        case .unknownEscape(let letter, _): "unknown escape '\\\(letter)' in a string"
        case .tooDeep: "JSON nested more than \(JSONReader.maximumDepth) levels deep"
        default: message
        }
    }

    /// Where page data errors have always pointed, for the few mistakes
    /// where that is not ``location``: the end of the text for an
    /// unterminated string, the start of a misspelt `true`, `false` or
    /// `null`, the letter of an unknown escape, the first of four hex digits.
    var pageDataLocation: SourceLocation {
        switch problem {
        case .unterminatedString(let end): end
        case .expectedWord(_, let start), .expectedHexDigits(let start): start
        case .unknownEscape(_, let letter): letter
        default: location
        }
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }

    /// The mistakes the reader knows; a private list, so more may come.
    enum Problem: Sendable, Equatable {
        case endInsteadOfValue
        case notAValue(found: Character)
        case expectedWord(String, start: SourceLocation)
        case expectedKey
        case expectedColon(key: String)
        case expectedCommaOrBrace(atEnd: Bool)
        case expectedCommaOrBracket(atEnd: Bool)
        case textAfterValue
        case notANumber(String)
        case unterminatedString(end: SourceLocation)
        case unterminatedEscape
        case controlCharacter
        case unknownEscape(Character, at: SourceLocation)
        case expectedHexDigits(start: SourceLocation)
        case loneSurrogate
        case badSurrogatePair
        case unterminatedComment
        case tooDeep
    }
}
