import Testing

@testable import FolioTemplate

/// Every load error names file, line and column and says what to do.
@Suite struct LoadErrorTests {
    func expectError(
        _ source: String, line: Int, column: Int, _ fragment: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let error = loadError(source) else {
            Issue.record("expected a load error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "t.html", sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("t.html:\(line):\(column): "), sourceLocation: sourceLocation)
    }

    @Test func strayEndTag() {
        expectError("<p>\n  x</b></p>", line: 2, column: 4, "end tag </b> matches no open element")
    }

    @Test func misnestedEndTags() {
        expectError("<a><b></a></b>", line: 1, column: 11, "end tag </b> matches no open element")
    }

    @Test func statementElementNeverClosed() {
        expectError("<div>\n<p tal:content='x'>", line: 2, column: 1, "is never closed")
    }

    @Test func statementElementClosedByImplication() {
        expectError("<ul><li tal:content='x'>a<li>b</ul>", line: 1, column: 5, "needs an explicit </li>")
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotAStackOverflow() {
        let depth = TemplateParser.maximumDepth
        let source =
            String(repeating: "<div>", count: 20_000) + "x" + String(repeating: "</div>", count: 20_000)
        expectError(source, line: 1, column: depth * 5 + 1, "nest deeper than \(depth) levels")
    }

    @Test func nestingUpToTheLimitRenders() throws {
        let depth = TemplateParser.maximumDepth
        let source = String(repeating: "<b>", count: depth) + "x" + String(repeating: "</b>", count: depth)
        #expect(loadError(source) == nil)
    }

    @Test func endTagOfVoidElement() {
        expectError("<br></br>", line: 1, column: 5, "void element")
    }

    @Test func unterminatedComment() {
        expectError("<p><!-- x", line: 1, column: 4, "unterminated comment")
    }

    @Test func unterminatedAttributeValue() {
        expectError("<p a=\"x>", line: 1, column: 6, "missing closing quote")
    }

    @Test func unterminatedStartTag() {
        expectError("<p a", line: 1, column: 1, "unterminated start tag")
    }

    @Test func duplicateAttribute() {
        expectError("<p a='1' A='2'></p>", line: 1, column: 10, "duplicate attribute")
    }

    @Test func unknownTALAttribute() {
        expectError("<p tal:contnet='x'></p>", line: 1, column: 4, "unknown attribute tal:contnet")
    }

    @Test func unknownMETALAttribute() {
        expectError("<p metal:use='x'></p>", line: 1, column: 4, "unknown attribute metal:use")
    }

    @Test func unknownExpressionType() {
        expectError("<p tal:content='python:1'></p>", line: 1, column: 4, "unknown expression type 'python:'")
    }

    @Test func invalidPath() {
        expectError("<p tal:content='a b'></p>", line: 1, column: 4, "'a b' is not a valid path")
    }

    @Test func emptyExpression() {
        expectError("<p tal:condition=''></p>", line: 1, column: 4, "empty expression")
    }

    @Test func loneDollarInString() {
        expectError("<p tal:content='string:5 $'></p>", line: 1, column: 4, "lone '$'")
    }

    @Test func contentOnVoidElement() {
        expectError("<p>\n<img tal:content='x'></p>", line: 2, column: 6, "void element")
    }

    @Test func contentWithReplace() {
        expectError("<p tal:content='x' tal:replace='y'></p>", line: 1, column: 20, "use only one of them")
    }

    @Test func defineWithoutExpression() {
        expectError("<p tal:define='x'></p>", line: 1, column: 4, "needs '[global] name expression'")
    }

    @Test func repeatWithoutExpression() {
        expectError("<p tal:repeat='x'></p>", line: 1, column: 4, "needs 'name expression'")
    }

    @Test func attributesClauseWithoutExpression() {
        expectError("<p tal:attributes='href'></p>", line: 1, column: 4, "needs 'name expression'")
    }

    @Test func sameStatementTwice() {
        expectError("<p tal:condition='x' tal:condition='x'></p>", line: 1, column: 22, "duplicate attribute")
    }

    @Test func macroDefinedTwice() {
        expectError(
            "<p metal:define-macro='m'></p>\n<p metal:define-macro='m'></p>", line: 2, column: 1,
            "defined twice")
    }

    @Test func slotFilledTwice() {
        expectError(
            "<div metal:use-macro='macros/t/macros/m'>\n<p metal:fill-slot='s'></p><p metal:fill-slot='s'></p></div>",
            line: 2, column: 28, "filled twice")
    }

    @Test func malformedMacroPath() {
        expectError("<div metal:use-macro='m'></div>", line: 1, column: 6, "expected macros/FILE/macros/NAME")
    }

    @Test func attributeAssignedTwice() {
        expectError("<p tal:attributes='a x; A y'></p>", line: 1, column: 4, "sets 'A' twice")
    }

    @Test func redefiningABuiltInName() {
        expectError("<p tal:define='repeat x'></p>", line: 1, column: 4, "built-in name 'repeat'")
    }
}
