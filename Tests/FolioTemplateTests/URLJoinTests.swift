import Testing

@testable import FolioTemplate

/// Joining a base and a path in a URL-valued attribute never produces an
/// authority (issue 11, item 11).
@Suite struct URLJoinTests {
    let join = #"<a tal:attributes="href string:${site/base}/${x/href}">x</a>"#

    func joined(_ href: String, base: String = "") throws -> String {
        try render(join, ["site": ["base": .string(base)], "x": ["href": .string(href)]])
    }

    @Test func aPathThatStartsWithASlashStaysOnTheSite() throws {
        #expect(try joined("/evil.example/phish") == #"<a href="/evil.example/phish">x</a>"#)
    }

    @Test func backslashesTabsAndLeadingSpacesCannotNameAHostEither() throws {
        #expect(try joined(#"\evil.example/phish"#) == #"<a href="/evil.example/phish">x</a>"#)
        #expect(try joined(#"\\\evil.example"#) == #"<a href="/evil.example">x</a>"#)
        #expect(try joined("\t/evil.example") == #"<a href="/evil.example">x</a>"#)
        #expect(
            try render(
                #"<img tal:attributes="src string:${a}${b}"/>"#, ["a": " /", "b": "\n/evil.example/x.png"])
                == #"<img src="/evil.example/x.png">"#)
    }

    @Test func anOrdinaryJoinIsUnchanged() throws {
        #expect(try joined("essence/video") == #"<a href="/essence/video">x</a>"#)
        #expect(
            try joined("essence/video", base: "/tools/pager")
                == #"<a href="/tools/pager/essence/video">x</a>"#)
        // Slashes later in the URL are the data's business.
        #expect(try joined("a//b") == #"<a href="/a//b">x</a>"#)
    }

    @Test func aBasePathThatStartsTheURLKeepsItFromBeingAHost() throws {
        #expect(
            try joined("/evil.example", base: "/tools") == #"<a href="/tools//evil.example">x</a>"#)
    }

    @Test func everyURLAttributeIsGuarded() throws {
        for attribute in ["href", "src", "action", "formaction", "poster", "cite", "data", "xlink:href"] {
            let out = try render(
                #"<p tal:attributes="\#(attribute) string:/${v}"></p>"#, ["v": "/evil.example"])
            #expect(out == #"<p \#(attribute)="/evil.example"></p>"#, "\(attribute)")
        }
        let form = try render(
            #"<form tal:attributes="ACTION string:${a}/${b}"></form>"#, ["a": "", "b": "/e.x"])
        #expect(form == #"<form ACTION="/e.x"></form>"#)
    }

    @Test func aHostTheTemplateWritesItselfIsKept() throws {
        let out = try render(#"<img tal:attributes="src string://cdn.example/${f}"/>"#, ["f": "a.png"])
        #expect(out == #"<img src="//cdn.example/a.png">"#)
    }

    @Test func otherAttributesContentAndWholeValuesFromDataAreLeftAlone() throws {
        #expect(
            try render(#"<p tal:attributes="title string:/${v}">x</p>"#, ["v": "/t"])
                == #"<p title="//t">x</p>"#)
        #expect(try render(#"<p tal:content="string:/${v}">x</p>"#, ["v": "/t"]) == "<p>//t</p>")
        // The data gives the whole URL, as a path expression would.
        #expect(
            try render(#"<a tal:attributes="href string:${v}">x</a>"#, ["v": "//cdn.example/a"])
                == #"<a href="//cdn.example/a">x</a>"#)
        #expect(
            try render(#"<a tal:attributes="href v">x</a>"#, ["v": "//cdn.example/a"])
                == #"<a href="//cdn.example/a">x</a>"#)
    }

    @Test func theDemoPageviewTemplateRendersTheEvilJoinAsASameSitePath() throws {
        let folder = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let set = try TemplateSet(directory: "/" + folder + "/Templates")
        let out = try set.template(named: "content/pageview.html").render([
            "site": ["base": ""], "otherStyle": ["href": "/evil.example/phish", "label": "x"],
            "heading": "h", "description": "d", "style": "s", "shownCount": 1,
        ])
        #expect(out.contains(#"href="/evil.example/phish""#))
        #expect(!out.contains("//evil.example"))
    }
}
