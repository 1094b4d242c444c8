import Foundation
import Testing

@testable import FolioTemplate

@Suite struct TemplateSetTests {
    @Test func preloadReportsTheFirstBrokenTemplate() throws {
        let folder = try makeFolder(["ok.html": "<p></p>", "bad.html": "<p>\n<b tal:nope='x'></b></p>"])
        #expect(throws: TemplateError.self) { try TemplateSet(directory: folder) }
        do {
            _ = try TemplateSet(directory: folder)
        } catch {
            #expect(error.file.hasSuffix("bad.html") && error.line == 2 && error.column == 4)
        }
        let lazy = try TemplateSet(directory: folder, preload: false)
        #expect(try lazy.render("ok.html", [:]) == "<p></p>")
    }

    @Test func namesOutsideTheFolderAreRefused() throws {
        let set = try TemplateSet(directory: try makeFolder(["a.html": "a"]))
        #expect(throws: TemplateError.self) { try set.template(named: "../a.html") }
        #expect(throws: TemplateError.self) { try set.template(named: "missing.html") }
        #expect(set.templateNames == ["a.html"])
    }

    @Test func missingFolderIsAnError() {
        #expect(throws: TemplateError.self) { try TemplateSet(directory: "/nonexistent/folio") }
    }

    @Test func changedFilesReloadOnlyWhenAsked() throws {
        let folder = try makeFolder(["a.html": "one"])
        let reloading = try TemplateSet(directory: folder, reloadWhenChanged: true)
        let fixed = try TemplateSet(directory: folder)
        #expect(try reloading.render("a.html", [:]) == "one")
        let path = (folder as NSString).appendingPathComponent("a.html")
        try "two".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: path)
        #expect(try reloading.render("a.html", [:]) == "two")
        #expect(try fixed.render("a.html", [:]) == "one")
    }
}

@Suite struct TemplateSetCheckTests {
    @Test func checkFindsAMissingMacroAtItsStatement() throws {
        let folder = try makeFolder([
            "layout.html": #"<html metal:define-macro="page"></html>"#,
            "page.html": "<div>\n  <p metal:use-macro=\"macros/layout/macros/pag\"></p></div>",
        ])
        let set = try TemplateSet(directory: folder)
        do {
            try set.check()
            Issue.record("expected an error")
        } catch {
            #expect(error.file.hasSuffix("page.html") && error.line == 2 && error.column == 6)
            #expect(error.message.contains("layout.html defines no macro 'pag' (it defines: page)"))
        }
    }

    @Test func aTemplateInAFolderReachesMacrosAtTheTopOfTheSet() throws {
        let folder = try makeFolder([
            "widgets.html": #"<b metal:define-macro="stat">top</b>"#,
            "content/page.html": #"<p><i metal:use-macro="macros/widgets/macros/stat"></i></p>"#,
        ])
        let set = try TemplateSet(directory: folder)
        try set.check()
        #expect(try set.render("content/page.html", [:]) == "<p><b>top</b></p>")
        // A file beside the using template still comes first.
        let shadowed = try makeFolder([
            "widgets.html": #"<b metal:define-macro="stat">top</b>"#,
            "content/widgets.html": #"<b metal:define-macro="stat">beside</b>"#,
            "content/page.html": #"<p><i metal:use-macro="macros/widgets/macros/stat"></i></p>"#,
        ])
        #expect(
            try TemplateSet(directory: shadowed).render("content/page.html", [:]) == "<p><b>beside</b></p>")
    }

    @Test func aMacroFileFoundNowhereNamesTheFileBesideTheTemplate() throws {
        let folder = try makeFolder([
            "content/page.html": #"<p metal:use-macro="macros/widgets/macros/stat"></p>"#
        ])
        do {
            try TemplateSet(directory: folder).check()
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("content/widgets.html"), "\(error.message)")
        }
    }

    @Test func checkPassesWhenEveryMacroExists() throws {
        let folder = try makeFolder([
            "layout.html": #"<html metal:define-macro="page"></html>"#,
            "page.html": #"<p metal:use-macro="macros/layout/macros/page"></p>"#,
        ])
        try TemplateSet(directory: folder).check()
    }
}
