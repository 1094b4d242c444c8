import Folio
import FolioHTTP
import Foundation
import Testing

@testable import FolioTesting

@Suite struct FolioBrowserTests {
    @Test func openingAPagerShowsTheFirstPageAndTheFirstClickStartsTheSession() throws {
        let browser = try FolioBrowser.demo()
        let page = try browser.open("/essence")
        #expect(page.status.code == 200)
        // A view keeps nothing: no session yet, only the form token's cookie.
        #expect(browser.cookie(FolioApp.cookieName) == nil)
        #expect(browser.cookie(FolioApp.formCookieName) != nil)
        let pager = try page.pager("essence")
        #expect(pager.selectedIndex == 0)
        #expect(pager.selectedKey == "all")
        #expect(pager.tabs.map(\.title) == ["全部", "视频", "声音", "图片", "段子"])
        #expect(pager.csrfToken?.hasPrefix("f1.") == true)
        #expect(pager.hiddenFields.map(\.name) == ["csrf", "from", "return"])
        #expect(pager.hiddenFields.first { $0.name == "from" }?.value == "all")
        try browser.select("video")
        #expect(browser.cookie(FolioApp.cookieName) != nil)
    }

    @Test func selectingByKeyPostsTheFormAndFollowsTheRedirect() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/essence")
        let page = try browser.select("video")
        #expect(page.method == .get)
        #expect(page.path == "/essence/video")
        #expect(page.status.code == 200)
        try page.expectText(of: "//*[@role='tab'][@aria-selected='true']", equals: "视频")
        try page.document.expectAttribute(
            "data-selected", of: "//section[@data-pager='essence']", equals: "1")
        #expect(try browser.state(of: "essence").selected.key == "video")
        #expect(browser.history == ["/essence", "/essence/video"])
    }

    @Test func selectingByIndexClicksThatTitle() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/news")
        let page = try browser.select(index: 2)
        #expect(try page.pager().selectedKey == "focus")
        #expect(page.path == "/news/focus")
    }

    @Test func aFragmentSwapAnswersWithThePagerAndThePushURL() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/essence")
        let page = try browser.select("joke", navigation: .fragmentSwap)
        #expect(page.status.code == 200)
        #expect(page.headers["HX-Push-Url"] == "/essence/joke")
        #expect(page.headers["Vary"]?.contains("HX-Request") == true)
        #expect(try page.pager("essence").selectedKey == "joke")
        // The fragment carries the form, so the next click works from it.
        #expect(try browser.select("all").path == "/essence/all")
    }

    @Test func aScrollEndSelectsTheOffsetOverTheWidth() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/controllers")
        let page = try browser.scroll(toOffset: 780, pageWidth: 390)
        #expect(try page.pager().selectedKey == "third")
        #expect(try browser.state(of: "controllers").selected.index == 2)
    }

    @Test func pagesLoadOnlyWhenFirstShown() throws {
        let browser = try FolioBrowser.demo()
        let first = try browser.open("/essence").pager()
        #expect(first.panels.map(\.isLoaded) == [true, false, false, false, false])
        #expect(first.panel("video")?.text == "")
        #expect(first.panels.map(\.isHidden) == [false, true, true, true, true])
        // The view kept nothing (no session yet); the state JSON shows what the page shows.
        #expect(try browser.state(of: "essence").loadedKeys == ["all"])
        #expect(browser.cookie("folio_session") == nil)
        // The first click starts from the page shown (all), then shows video.
        let second = try browser.select("video").pager()
        #expect(second.panel("video")?.isLoaded == true)
        #expect(second.panel("video")?.text.isEmpty == false)
        #expect(try browser.state(of: "essence").loadedKeys == ["all", "video"])
    }

    @Test func twoBrowsersKeepSeparateSelections() throws {
        let app = try FolioBrowser.demo()
        let other = FolioBrowser(transport: app.transport)
        try app.open("/essence")
        try other.open("/essence")
        try app.select("picture")
        #expect(try other.open("/essence").pager().selectedKey == "all")
        #expect(try app.open("/essence").pager().selectedKey == "picture")
    }

    @Test func aWrongCSRFTokenIsRefusedAndChangesNothing() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/essence")
        let page = try browser.submit(
            form: "//form[@class='folio-head']", fields: [("csrf", "forged"), ("page", "joke")])
        #expect(page.status.code == 403)
        #expect(try browser.state(of: "essence").selected.key == "all")
    }

    @Test func anUnknownTitleThrowsNamingTheTitlesThereAre() throws {
        let browser = try FolioBrowser.demo()
        try browser.open("/news")
        let error = #expect(throws: FolioBrowserError.self) { try browser.select("sports") }
        #expect(
            error?.description == "the pager 'news' has no tab 'sports'; its tabs are headline, today, focus")
    }

    @Test func actionsBeforeOpeningAPageThrow() throws {
        let browser = try FolioBrowser.demo()
        #expect(throws: FolioBrowserError.self) { try browser.select("video") }
    }

    @Test func anUnknownPageIsShownWithItsStatus() throws {
        let browser = try FolioBrowser.demo()
        let page = try browser.open("/essence/nothing")
        #expect(page.status.code == 404)
        let error = #expect(throws: FolioBrowserError.self) { try page.pager() }
        #expect(error?.description.hasPrefix("GET /essence/nothing → 404 has no pager") == true)
    }

    @Test func aBasePathPrefixesEveryRoute() throws {
        let browser = try FolioBrowser.demo(basePath: "/intranet/pager/")
        let first = try browser.open("/essence")
        #expect(first.path == "/intranet/pager/essence")
        #expect(try first.pager().selectAction == "/intranet/pager/essence/select")
        #expect(try browser.select("voice").path == "/intranet/pager/essence/voice")
    }

    @Test func aPagerBuiltInSwiftRendersAndSelects() throws {
        let pages = [("red", "红"), ("blue", "蓝")].map { key, title in
            PageConfiguration(
                key: key, title: title, template: "content/color.html",
                source: .inline(
                    json: #"{"color": "\#(key)", "order": "\#(key)", "heading": "\#(title)", "note": "-"}"#))
        }
        var pager = PagerConfiguration(key: "colors", title: "颜色", pages: pages)
        pager.titleStyle = .segmented
        let browser = try FolioBrowser(configuration: FolioConfiguration(title: "Test", pagers: [pager]))
        let page = try browser.open("/colors/blue")
        #expect(try page.pager().tabs.map(\.title) == ["红", "蓝"])
        try page.expectText(of: "//*[@id='folio-colors-panel-blue']//h2", equals: "蓝")
        #expect(try browser.select("red").pager().selectedKey == "red")
    }

    @Test func aMissingConfigurationFileNamesTheAbsolutePathAndTheWorkingFolder() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try FolioBrowser(configurationFile: "Templates/none/folio.json")
        }
        let workingFolder = FileManager.default.currentDirectoryPath
        let message = error?.description ?? ""
        #expect(message.contains("Templates/none/folio.json"))
        #expect(message.contains("no such file (looked for \(workingFolder)/Templates/none/folio.json"))
        #expect(message.contains("relative path is taken from the working folder \(workingFolder))"))
    }

    @Test func theDemoIsFolioOwnWhateverTheWorkingFolderHas() throws {
        #expect(FolioPaths.demoConfigurationFile.hasPrefix("/"))
        #expect(FileManager.default.fileExists(atPath: FolioPaths.demoConfigurationFile))
        #expect(FileManager.default.fileExists(atPath: FolioPaths.builtInTemplatesDirectory + "/page.html"))
        #expect(FileManager.default.fileExists(atPath: FolioPaths.builtInPublicDirectory + "/folio.css"))
    }
}
