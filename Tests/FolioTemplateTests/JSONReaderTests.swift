import Testing

@testable import FolioTemplate

/// FolioTemplate's, not Swift Testing's.
private typealias SourceLocation = FolioTemplate.SourceLocation

@Suite struct JSONReaderTests {
    /// Reads `text` as configuration files are read: comments allowed.
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONReader.parse(Array(text.utf8), allowsComments: true)
    }

    @Test func valuesRememberWhereTheyStartCountingCharactersNotBytes() throws {
        let node = try parse("{\"精华\": [1,\n  \"视频\", true]}")
        guard case .object(let members) = node.value, case .array(let items) = members[0].value.value else {
            Issue.record("not an object holding an array")
            return
        }
        #expect(members[0].keyLocation == SourceLocation(line: 1, column: 2))
        #expect(members[0].value.location == SourceLocation(line: 1, column: 8))
        #expect(
            items.map(\.location) == [
                SourceLocation(line: 1, column: 9), SourceLocation(line: 2, column: 3),
                SourceLocation(line: 2, column: 9),
            ])
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let node = try parse(#""a\"\\\/\n\u00e9\ud83d\ude00""#)
        guard case .string(let text) = node.value else {
            Issue.record("not a string")
            return
        }
        #expect(text == "a\"\\/\né😀")
    }

    @Test func jsonTextRoundTripsForTheTemplateEngine() throws {
        let node = try parse(#"{"a": [1, 2.5, null, false], "b": "<x>", /* c */ "c": {}}"#)
        #expect(node.jsonText == #"{"a":[1,2.5,null,false],"b":"\u003cx>","c":{}}"#)
    }

    @Test(arguments: [
        ("[1,]", "1:4: expected a value, found ']'"),
        ("\"abc", "1:1: unterminated string"),
        ("{\"a\" 1}", "1:6: expected ':' after the key"),
        ("[tru]", "1:5: expected 'true'"),
        ("[1.2.3]", "1:2: '1.2.3' is not a number"),
        ("[1.]", "1:2: '1.' is not a number"),
        ("[007]", "1:2: '007' is not a number"),
        ("[-01]", "1:2: '-01' is not a number"),
        ("[1e]", "1:2: '1e' is not a number"),
        ("[-]", "1:2: '-' is not a number"),
        ("[1] 2", "1:5: unexpected text after the JSON value"),
        ("\"\\q\"", "1:4: unknown escape '\\q'"),
        ("/* open", "1:1: unterminated comment"),
    ])
    func syntaxErrorsNameTheirPlace(text: String, expected: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect("\(error.location): \(error.message)" == expected)
        }
    }

    @Test func numbersAreRFC8259sAndNoMore() throws {
        guard case .array(let items) = try parse("[0,-0,10,-1.5,2e3,2E-3,1.25e+2]").value else {
            Issue.record("not an array")
            return
        }
        let numbers = items.map { node -> Double? in if case .number(let value) = node.value { value } else { nil } }
        #expect(numbers == [0, -0, 10, -1.5, 2000, 0.002, 125])
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test func nestingUpToTheLimitReads() throws {
        let depth = JSONReader.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parse(text)
    }

    @Test func nestingPastTheLimitNamesTheOpeningThatGoesTooDeep() {
        let depth = JSONReader.maximumDepth
        let text = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description == "1:\(depth + 1): nesting deeper than \(depth) levels")
        }
    }

    @Test func commentsAreRefusedUnlessAllowed() throws {
        let text = "// a\n{\"a\": /* b */ 1}"
        _ = try parse(text)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8)) }
        do {
            _ = try JSONReader.parse(Array(text.utf8))
        } catch {
            #expect(error.description == "1:1: expected a value, found '/'")
        }
    }

    @Test(arguments: [
        (#""\ud800""#, "1:8: lone surrogate in \\u escape"),
        (#""\udc00""#, "1:8: lone surrogate in \\u escape"),
        (#""\ud800\u0041""#, "1:14: bad surrogate pair"),
        (#""\ud800x""#, "1:8: lone surrogate in \\u escape"),
    ])
    func loneSurrogatesAreErrors(text: String, expected: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(text.utf8)) }
        do {
            _ = try JSONReader.parse(Array(text.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test(
        arguments: [
            ([0x22, 0xC3, 0x28, 0x22], "\u{FFFD}("),
            ([0x22, 0xC3, 0x5C, 0x6E, 0xE5, 0x22], "\u{FFFD}\n\u{FFFD}"),
            (
                [0x22, 0xED, 0xA0, 0x80, 0x5C, 0x75, 0x30, 0x30, 0x65, 0x39, 0x22],
                "\u{FFFD}\u{FFFD}\u{FFFD}é"
            ),
        ] as [([UInt8], String)])
    func bytesThatAreNotUTF8BecomeReplacementCharacters(bytes: [UInt8], expected: String) throws {
        let node = try JSONReader.parse(bytes)
        guard case .string(let text) = node.value else {
            Issue.record("not a string")
            return
        }
        #expect(text == expected)
    }

    @Test func aControlCharacterInAStringIsNamedByItsColumn() {
        do {
            _ = try JSONReader.parse(Array("[\"精华\u{01}\"]".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.description == "1:5: control character in a string (use \\n, \\t)")
        }
    }

    @Test func aByteOrderMarkIsSkippedAndTakesNoColumn() {
        do {
            _ = try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8))
            Issue.record("no error")
        } catch {
            #expect(error.location == SourceLocation(line: 1, column: 4))
        }
    }
}
