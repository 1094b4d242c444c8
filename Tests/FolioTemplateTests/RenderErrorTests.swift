import Testing

@testable import FolioTemplate

/// Render errors name the template, the statement and the failing path.
@Suite struct RenderErrorTests {
    @Test func undefinedVariable() throws {
        let error = try #require(renderError("<div>\n  <p tal:content=\"user/name\"></p></div>"))
        #expect(error.description == #"t.html:2:6: tal:content="user/name": 'user' is not defined"#)
    }

    @Test func missingKeyListsTheKeys() throws {
        let error = try #require(renderError(#"<p tal:replace="user/nam"></p>"#, ["user": ["name": "A"]]))
        #expect(error.line == 1 && error.column == 4)
        #expect(error.message == #"tal:replace="user/nam": 'user' has no key 'nam' (its keys: name)"#)
    }

    @Test func indexOutOfRange() throws {
        let error = try #require(renderError(#"<p tal:content="xs/5"></p>"#, ["xs": [1]]))
        #expect(error.message.contains("'xs' has 1 items: index 5 is out of range"))
    }

    @Test func repeatOverAString() throws {
        let error = try #require(renderError(#"<p tal:repeat="x s"></p>"#, ["s": "abc"]))
        #expect(error.message.contains("needs a list"))
    }

    @Test func failingAttributeAndCondition() throws {
        let attribute = try #require(
            renderError(#"<p tal:attributes="class string:x; id a/b"></p>"#, ["a": 1]))
        #expect(attribute.message == #"tal:attributes clause "id a/b": 'a' is a number, so it has no 'b'"#)
        let condition = try #require(renderError(#"<p tal:condition="a/b"></p>"#, ["a": nil]))
        #expect(condition.message.contains("'a' is nothing"))
    }

    @Test func failingDefineNamesItsClause() throws {
        let error = try #require(renderError(#"<p tal:define="a string:x; b c/d"></p>"#))
        #expect(error.message == #"tal:define clause "b c/d": 'c' is not defined"#)
    }

    @Test func unknownRepeatProperty() throws {
        let error = try #require(
            renderError(#"<p tal:repeat="x xs" tal:content="repeat/x/nth"></p>"#, ["xs": [1]]))
        #expect(error.message.contains("unknown property"))
    }

    @Test func missingMacro() throws {
        let error = try #require(
            renderError(#"<p metal:define-macro="a"></p><div metal:use-macro="macros/t/macros/b"></div>"#))
        #expect(error.column == 36)
        #expect(error.message.contains("t.html defines no macro 'b' (it defines: a)"))
    }

    @Test func macroInAnotherFileNeedsATemplateSet() throws {
        let error = try #require(renderError(#"<div metal:use-macro="macros/other/macros/b"></div>"#))
        #expect(error.message.contains("other.html is another file"))
    }

    @Test func failedRenderLeavesTheOutputBufferAsItWas() throws {
        let template = try Template(source: #"<p>a</p><p tal:content="nope"></p>"#)
        var output: [UInt8] = Array("kept".utf8)
        #expect(throws: TemplateError.self) { try template.render([:], into: &output) }
        #expect(output == Array("kept".utf8))
    }
}
