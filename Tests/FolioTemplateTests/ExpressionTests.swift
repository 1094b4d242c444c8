import Testing

@testable import FolioTemplate

@Suite struct ExpressionTests {
    let data: [String: TemplateValue] = [
        "user": ["name": "Ada", "tags": ["x", "y"]],
        "key": "name",
        "n": 3.5,
    ]

    @Test func pathsFollowObjectsAndArrays() throws {
        #expect(try render(#"<p tal:content="user/name"/>"#, data) == "<p>Ada</p>")
        #expect(try render(#"<p tal:content="user/tags/1"/>"#, data) == "<p>y</p>")
        #expect(try render(#"<p tal:content="user/?key"/>"#, data) == "<p>Ada</p>")
        #expect(try render(#"<p tal:content="path:user/name"/>"#, data) == "<p>Ada</p>")
    }

    @Test func alternativesFallBackWhenAPathFails() throws {
        #expect(try render(#"<p tal:content="user/age | user/name"/>"#, data) == "<p>Ada</p>")
        #expect(try render(#"<p tal:content="user/age | string:none"/>"#, data) == "<p>none</p>")
    }

    @Test func stringInsertsVariablesAndPaths() throws {
        #expect(
            try render(#"<p tal:content="string:$key: ${user/name} costs $$$n"/>"#, data)
                == "<p>name: Ada costs $3.5</p>")
    }

    @Test func notExistsAndNocall() throws {
        #expect(try render(#"<p tal:condition="not:user/tags">A</p>"#, data) == "")
        #expect(try render(#"<p tal:condition="exists:user/age">A</p>"#, data) == "")
        #expect(try render(#"<p tal:condition="exists:user/name">A</p>"#, data) == "<p>A</p>")
        #expect(try render(#"<p tal:content="nocall:user/name"/>"#, data) == "<p>Ada</p>")
    }

    @Test func numbersRenderWithoutTrailingZero() throws {
        let out = try render(#"<p tal:content="a"/><p tal:content="b"/>"#, ["a": 12, "b": 12.99])
        #expect(out == "<p>12</p><p>12.99</p>")
    }

    @Test func attrsHoldsTheOriginalAttributes() throws {
        #expect(try render(#"<p Title="t" tal:content="attrs/title"/>"#) == #"<p Title="t">t</p>"#)
    }

    @Test func truthFollowsTheConformanceRules() {
        #expect(!TemplateValue.string("").isTrue)
        #expect(TemplateValue.string("0").isTrue)
        #expect(!TemplateValue.number(0).isTrue)
        #expect(!TemplateValue.array([]).isTrue)
        #expect(!TemplateValue.null.isTrue)
        #expect(TemplateValue.array([.null]).isTrue)
    }
}
