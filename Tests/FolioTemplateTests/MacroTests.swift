import Foundation
import Testing

@testable import FolioTemplate

@Suite struct MacroTests {
    let layout = """
        <!DOCTYPE html>
        <html metal:define-macro="page"><head><title tal:content="title">T</title></head>
        <body><main metal:define-slot="content">default content</main></body></html>
        """

    @Test func useMacroFromAnotherFileFillsSlots() throws {
        let folder = try makeFolder([
            "layout.html": layout,
            "page.html": """
            <html metal:use-macro="macros/layout/macros/page">
            <section metal:fill-slot="content"><p tal:content="body">x</p></section></html>
            """,
        ])
        let set = try TemplateSet(directory: folder)
        let out = try set.render("page.html", ["title": "精华", "body": "<hi>"])
        #expect(
            out == """
                <html><head><title>精华</title></head>
                <body><section><p>&lt;hi&gt;</p></section></body></html>
                """)
    }

    @Test func unfilledSlotKeepsItsDefault() throws {
        let folder = try makeFolder([
            "layout.html": layout, "bare.html": #"<div metal:use-macro="macros/layout/macros/page"></div>"#,
        ])
        let out = try TemplateSet(directory: folder).render("bare.html", ["title": "t"])
        #expect(out.contains("<main>default content</main>"))
    }

    @Test func macroDefinitionRendersItselfWhenRenderedDirectly() throws {
        let folder = try makeFolder(["layout.html": layout])
        let out = try TemplateSet(directory: folder).render("layout.html", ["title": "t"])
        #expect(out.hasPrefix("<!DOCTYPE html>\n<html><head><title>t</title>"))
    }

    @Test func macrosResolveFromTheUsingTemplatesFolder() throws {
        let folder = try makeFolder([
            "content/parts.html": #"<b metal:define-macro="bold" tal:content="v">x</b>"#,
            "content/posts.html": #"<p><i metal:use-macro="macros/parts/macros/bold"></i></p>"#,
        ])
        let out = try TemplateSet(directory: folder).render("content/posts.html", ["v": 1])
        #expect(out == "<p><b>1</b></p>")
    }

    @Test func ownMacrosAreReachableByTheTemplatesName() throws {
        let source = """
            <ul metal:define-macro="tree"><li tal:content="node/name"></li><li tal:repeat="node node/children">\
            <ul metal:use-macro="macros/template/macros/tree"></ul></li></ul>
            """
        let tree: TemplateValue = ["name": "a", "children": [["name": "b", "children": []]]]
        let out = try render(source, ["node": tree])
        #expect(out == "<ul><li>a</li><li><ul><li>b</li></ul></li></ul>")
    }

    @Test func fillSlotsNestThroughMacrosUsingMacros() throws {
        let source = """
            <span metal:define-macro="inner"><i metal:define-slot="a">A</i></span>\
            <div metal:define-macro="outer"><p metal:use-macro="macros/template/macros/inner">\
            <x metal:define-slot="b" metal:fill-slot="a">B</x></p></div>\
            <q metal:use-macro="macros/template/macros/outer"><y metal:fill-slot="b">filled</y></q>
            """
        let out = try render(source)
        #expect(out.hasSuffix("<div><span><y>filled</y></span></div>"))
    }

    @Test func prefixesCanBeBoundWithXmlns() throws {
        let out = try render(
            #"<div xmlns:t="http://xml.zope.org/namespaces/tal" t:content="v">x</div>"#, ["v": "y"])
        #expect(out == "<div>y</div>")
    }
}
