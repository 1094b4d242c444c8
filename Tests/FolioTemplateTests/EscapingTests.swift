import Testing

@testable import FolioTemplate

@Suite struct EscapingTests {
    @Test func textIsEscapedInContent() throws {
        let out = try render(#"<p tal:content="v"/>"#, ["v": #"<b>"Tom" & 'Jerry'</b>"#])
        #expect(out == #"<p>&lt;b&gt;"Tom" &amp; 'Jerry'&lt;/b&gt;</p>"#)
    }

    @Test func attributeValuesEscapeAmpersandLessThanAndQuote() throws {
        let out = try render(#"<p tal:attributes="title v"/>"#, ["v": #"<a href="x">&</a>"#])
        #expect(out == #"<p title="&lt;a href=&quot;x&quot;>&amp;&lt;/a>"></p>"#)
    }

    @Test func structureInsertsMarkupAsIs() throws {
        let out = try render(#"<div tal:content="structure v"/>"#, ["v": "<b>bold</b> &amp;"])
        #expect(out == "<div><b>bold</b> &amp;</div>")
    }

    @Test func textKeywordEscapes() throws {
        #expect(try render(#"<p tal:replace="text v"/>"#, ["v": "<"]) == "&lt;")
    }

    @Test func sourceMarkupPassesThroughUnchanged() throws {
        let source = """
            <!DOCTYPE html>
            <html lang="zh"><head><meta charset="utf-8"><title>精华 &amp; 视频</title></head>
            <body><a href="/essence/video?x=1&amp;y=2">全部</a><script>if (a < b && c) {}</script></body></html>
            """
        #expect(try render(source) == source)
    }

    @Test func chineseStaysLiteralUTF8() throws {
        let out = try render(#"<span tal:content="t" title="段子" tal:attributes="data-x t"/>"#, ["t": "视频"])
        #expect(out == #"<span title="段子" data-x="视频">视频</span>"#)
    }

    @Test func sourceAttributeEntitiesAreDecodedOnceAndWrittenEscaped() throws {
        let out = try render(#"<p a='"' b="&lt;&eacute;&#233;&#xe9;" c=d e tal:content="attrs/b"/>"#)
        #expect(out == #"<p a="&quot;" b="&lt;ééé" c="d" e>&lt;ééé</p>"#)
    }

    @Test func selfClosedNonVoidElementsGetAnEndTagForBrowsers() throws {
        #expect(
            try render(#"<div class="a"/><br/><i tal:attributes="id v"/>"#, ["v": 1])
                == #"<div class="a"></div><br><i id="1"></i>"#)
    }

    @Test func noImpliedElementsAreAdded() throws {
        #expect(try render("hello <b>x</b>") == "hello <b>x</b>")
    }

    @Test func optionalEndTagsAreClosedWhereHTMLImpliesThem() throws {
        #expect(try render("<ul><li>a<li>b</ul>") == "<ul><li>a</li><li>b</li></ul>")
        #expect(try render("<p>a<div>b</div>") == "<p>a</p><div>b</div>")
    }
}
