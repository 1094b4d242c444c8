import FolioCore
import Testing

/// A format spec is read once and says what is wrong and where.
@Suite struct FormatSpecTests {
    @Test func specsParseToTheirKinds() throws {
        #expect(try ValueFormat(spec: "compact").kind == .compact(fractionDigits: 1))
        #expect(try ValueFormat(spec: "percent.1").kind == .percent(fractionDigits: 1))
        #expect(try ValueFormat(spec: "decbytes.0").kind == .bytes(fractionDigits: 0, base: .si))
        #expect(try ValueFormat(spec: "ms").kind == .duration(.milliseconds))
        #expect(try ValueFormat(spec: "relative").kind == .relative)
    }

    @Test(arguments: [
        ("compakt", 0, "unknown format 'compakt' (known: \(ValueFormat.names.joined(separator: ", ")))"),
        ("", 0, "empty format (known: \(ValueFormat.names.joined(separator: ", ")))"),
        ("number.x", 7, "after '.' write the fraction digits, 0 to 9"),
        ("number.12", 7, "after '.' write the fraction digits, 0 to 9"),
        ("number.", 7, "after '.' write the fraction digits, 0 to 9"),
        ("relative.2", 8, "'relative' takes no fraction digits"),
    ])
    func badSpecsSayWhatAndWhere(spec: String, offset: Int, message: String) {
        #expect(throws: FormatSpecError(spec: spec, offset: offset, message: message)) {
            try ValueFormat(spec: spec)
        }
    }

    @Test func anErrorReadsWithItsPlace() {
        let error = FormatSpecError(spec: "number.x", offset: 7, message: "digits")
        #expect(error.description == "'number.x' at character 8: digits")
    }
}
