import Foundation
import Testing

@testable import FolioTemplate

@Suite struct TemplateValueTests {
    @Test func jsonKeepsKeyOrder() throws {
        let value = try TemplateValue(
            json: Data(#"{"z": 1, "a": [true, null, "\u00e9\ud83d\ude00"], "m": {"k": 2.5}}"#.utf8))
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == [true, nil, "é😀"])
        #expect(value["m"]?["k"] == 2.5)
    }

    @Test(arguments: [
        (#"["\ud800\u0041"]"#, 15, "bad surrogate pair"),
        (#"["\ud800\u0000"]"#, 15, "bad surrogate pair"),
        (#"["\udc00"]"#, 9, "lone surrogate in \\u escape"),
        (#"["\ud800"]"#, 9, "lone surrogate in \\u escape"),
    ])
    func loneSurrogatesAreErrorsNotACrash(json: String, column: Int, message: String) {
        #expect(throws: TemplateError(file: "d.json", line: 1, column: column, message: message)) {
            try TemplateValue(json: Data(json.utf8), file: "d.json")
        }
    }

    @Test(arguments: [
        (#""abc"#, 5, "unterminated string"),
        ("[tru]", 2, "expected 'true'"),
        (#""\q""#, 3, "unknown escape '\\q' in a string"),
        (#""\u12G4""#, 4, "expected four hex digits after \\u"),
        (#"{"a" 1}"#, 6, #"expected ':' after the key "a""#),
        (#"{"a": 1"#, 8, "unterminated object: expected ',' or '}'"),
        ("[1 2]", 4, "expected ',' or ']' in an array"),
        ("[1.2.3]", 2, "malformed number '1.2.3'"),
        ("\"a\u{01}\"", 3, "control character in a string (escape it)"),
        (" ", 2, "expected a JSON value, found the end of the text"),
    ])
    func pageDataErrorsKeepTheirWordsAndPlaces(json: String, column: Int, message: String) {
        #expect(throws: TemplateError(file: "d.json", line: 1, column: column, message: message)) {
            try TemplateValue(json: Data(json.utf8), file: "d.json")
        }
    }

    @Test func pageDataIsStrictJSONWithoutComments() {
        #expect(throws: TemplateError(file: "<json>", line: 1, column: 2, message: "expected a JSON value")) {
            try TemplateValue(json: Data("[/* no */ 1]".utf8))
        }
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let depth = JSONReader.maximumDepth
        #expect(
            throws: TemplateError(
                file: "feed.json", line: 1, column: depth + 1,
                message: "JSON nested more than \(depth) levels deep")
        ) {
            try TemplateValue(json: Data(json.utf8), file: "feed.json")
        }
    }

    @Test func aRepeatedKeyKeepsItsFirstValue() throws {
        #expect(try TemplateValue(json: Data(#"{"a": 1, "b": 2, "a": 3}"#.utf8)) == ["a": 1, "b": 2])
    }

    @Test func jsonErrorsGiveLineAndColumn() {
        #expect(throws: TemplateError(file: "d.json", line: 2, column: 7, message: "expected a JSON value")) {
            try TemplateValue(json: Data("{\n \"a\": ?}".utf8), file: "d.json")
        }
    }

    @Test func encodableKeepsDeclarationOrderAndDropsNil() throws {
        struct Tab: Encodable {
            var key: String
            var index: Int
            var selected: Bool
            var note: String?
        }
        struct Pager: Encodable {
            var title: String
            var tabs: [Tab]
            var ratio: Double
        }
        let value = try TemplateValue(
            encoding: Pager(
                title: "精华", tabs: [Tab(key: "all", index: 0, selected: true, note: nil)], ratio: 0.5))
        #expect(
            value == ["title": "精华", "tabs": [["key": "all", "index": 0, "selected": true]], "ratio": 0.5])
        guard case .object(let object) = value else { return }
        #expect(object.keys == ["title", "tabs", "ratio"])
    }

    @Test func convertibleValuesBuildTemplateValues() {
        let tags: [String] = ["a", "b"]
        #expect(TemplateValue(tags) == ["a", "b"])
        #expect(TemplateValue(Optional<Int>.none) == .null)
        #expect(TemplateValue(["b": 1, "a": 2]) == ["a": 2, "b": 1])
    }

    @Test func numbersFormatShortest() {
        #expect(TemplateValue.number(3).text == "3")
        #expect(TemplateValue.number(-0.5).text == "-0.5")
        #expect(TemplateValue.number(12.99).text == "12.99")
        #expect(TemplateValue.array([1, "a"]).text == #"[1,"a"]"#)
    }

    @Test func largeObjectsLookUpByIndex() {
        let object = TemplateObject((0..<40).map { ("k\($0)", TemplateValue.number(Double($0))) })
        #expect(object["k33"] == 33)
        #expect(object["nope"] == nil)
        #expect(object.keys.first == "k0")
    }
}
