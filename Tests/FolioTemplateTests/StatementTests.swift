import Testing

@testable import FolioTemplate

@Suite struct StatementTests {
    @Test func defineMakesLocalVariablesVisibleOnlyInsideTheElement() throws {
        let out = try render(
            #"<div tal:define="x string:in"><b tal:content="x"/></div><i tal:content="x | string:out"/>"#)
        #expect(out == "<div><b>in</b></div><i>out</i>")
    }

    @Test func defineGlobalOutlivesTheElementAndLocalsShadowIt() throws {
        let out = try render(
            #"<p tal:define="global x string:1"></p><p tal:define="x string:2" tal:content="x"></p><p tal:content="x"></p>"#
        )
        #expect(out == "<p></p><p>2</p><p>1</p>")
    }

    @Test func defineTakesSeveralClausesAndDoubledSemicolonIsLiteral() throws {
        let out = try render(#"<p tal:define="a string:x;;y; b a" tal:content="b"></p>"#)
        #expect(out == "<p>x;y</p>")
    }

    @Test func conditionRemovesTheElementWhenFalse() throws {
        let out = try render(
            #"<p tal:condition="yes">A</p><p tal:condition="no">B</p><p tal:condition="zero">C</p>"#,
            ["yes": "y", "no": "", "zero": 0])
        #expect(out == "<p>A</p>")
    }

    @Test func repeatExposesItsVariables() throws {
        let template =
            #"<i tal:repeat="x xs" tal:content="string:${repeat/x/index}${repeat/x/number}"#
            + #"${repeat/x/letter}${repeat/x/Letter}${repeat/x/roman}${repeat/x/Roman}${repeat/x/length}"></i>"#
        let out = try render(template, ["xs": [1, 2]])
        #expect(out == "<i>01aAiI2</i><i>12bBiiII2</i>")
    }

    @Test func repeatFlagsStartEndEvenOdd() throws {
        let template =
            #"<i tal:repeat="x xs"><b tal:condition="repeat/x/start">S</b><b tal:condition="repeat/x/end">E</b>"#
            + #"<b tal:condition="repeat/x/even">e</b><b tal:condition="repeat/x/odd">o</b></i>"#
        let out = try render(template, ["xs": ["a", "b", "c"]])
        #expect(out == "<i><b>S</b><b>e</b></i><i><b>o</b></i><i><b>E</b><b>e</b></i>")
    }

    @Test func repeatLettersContinuePastZ() {
        #expect(RepeatFormat.letters(25) == "z")
        #expect(RepeatFormat.letters(26) == "ba")
        #expect(RepeatFormat.roman(1994) == "MCMXCIV")
    }

    @Test func repeatOverNothingRendersNothingAndOverDefaultRendersOnce() throws {
        #expect(try render(#"<p tal:repeat="x nothing">A</p>"#) == "")
        #expect(try render(#"<p tal:repeat="x default">A</p>"#) == "<p>A</p>")
    }

    @Test func contentReplacesChildrenAndDefaultKeepsThem() throws {
        #expect(try render(#"<p tal:content="v">old</p>"#, ["v": "new"]) == "<p>new</p>")
        #expect(try render(#"<p tal:content="default">old</p>"#) == "<p>old</p>")
        #expect(try render(#"<p tal:content="nothing">old</p>"#) == "<p></p>")
        #expect(try render(#"<p tal:content="v"/>"#, ["v": "x"]) == "<p>x</p>")
    }

    @Test func replaceReplacesTheWholeElement() throws {
        #expect(try render(#"<a><p tal:replace="v">old</p></a>"#, ["v": "new"]) == "<a>new</a>")
        #expect(try render(#"<p tal:replace="nothing">old</p>"#) == "")
        #expect(try render(#"<p tal:replace="default">old</p>"#) == "<p>old</p>")
    }

    @Test func attributesSetReplaceRemoveAndKeep() throws {
        let out = try render(
            #"<a href="x" class="c" title="t" tal:attributes="href url; class nothing; title default; id string:i">A</a>"#,
            ["url": "/p?a=1&b=2"])
        #expect(out == #"<a href="/p?a=1&amp;b=2" title="t" id="i">A</a>"#)
    }

    @Test func booleanAttributesFollowTruth() throws {
        let out = try render(
            #"<input tal:attributes="checked on; disabled off; hidden nothing; value n">"#,
            ["on": true, "off": false, "n": 3])
        #expect(out == #"<input checked value="3">"#)
    }

    @Test func booleanValuesRenderAsWordsOnOtherAttributes() throws {
        let out = try render(#"<b tal:attributes="aria-selected s">x</b>"#, ["s": false])
        #expect(out == #"<b aria-selected="false">x</b>"#)
    }

    @Test func omitTagKeepsContent() throws {
        #expect(try render(#"<b tal:omit-tag="">x</b>"#) == "x")
        #expect(try render(#"<b tal:omit-tag>x</b>"#) == "x")
        #expect(try render(#"<b tal:omit-tag="v">x</b>"#, ["v": false]) == "<b>x</b>")
        #expect(try render(#"<tal:block content="v">x</tal:block>"#, ["v": "y"]) == "y")
    }

    @Test func onErrorReplacesTheContentOfTheFailingElement() throws {
        let out = try render(
            #"<div class="a" tal:on-error="string:oops"><b>keep?</b><i tal:content="missing"/></div>"#)
        #expect(out == #"<div class="a">oops</div>"#)
        let message = try render(#"<p tal:on-error="error/message" tal:content="missing/x"></p>"#)
        #expect(message.contains("'missing' is not defined"))
    }

    @Test func statementsRunInTheSpecifiedOrder() throws {
        // define before condition before repeat before content before attributes.
        let out = try render(
            #"<p tal:define="xs list" tal:condition="xs" tal:repeat="x xs" tal:content="x" tal:attributes="id x"></p>"#,
            ["list": ["a", "b"]])
        #expect(out == #"<p id="a">a</p><p id="b">b</p>"#)
    }

    @Test func repeatedElementsKeepTheirLineBreak() throws {
        let out = try render(
            "<ul>\n  <li tal:repeat=\"x xs\" tal:content=\"x\"></li>\n</ul>", ["xs": [1, 2]])
        #expect(out == "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>")
    }
}
