import FolioSync
import FolioTemplate
import Testing

@testable import Folio

@Suite struct PageContentStoreTests {
    let folder: TemporaryFolder
    let store: PageContentStore
    /// What the store reported (the server's log).
    let reported = LockedValue<[String]>([])

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/counted.html", "<p tal:content=\"string:${title} ${shownCount}\">x</p>")
        try folder.write("content/plain.html", "<p tal:content=\"title\">x</p>")
        let reported = reported
        store = PageContentStore(
            templates: try TemplateSet(directory: folder.path), site: .null, clock: TestClock(),
            report: { line in reported.withLock { $0.append(line) } })
    }

    func pager() -> PagerConfiguration {
        PagerConfiguration(
            key: "p", title: "P",
            pages: [
                PageConfiguration(
                    key: "a", title: "A", template: "content/counted.html",
                    source: .inline(json: #"{"title":"T"}"#)),
                PageConfiguration(
                    key: "b", title: "B", template: "content/plain.html",
                    source: .inline(json: #"{"title":"U"}"#)),
            ])
    }

    @Test func templatesThatIgnoreTheCountAreRenderedOnceForAllCounts() {
        let pager = pager()
        #expect(store.cacheKeyInputs(of: pager).countSensitive == [true, true])
        #expect(store.panel(pager.pages[0], of: pager, shownCount: 1).html == "<p>T 1</p>")
        #expect(store.panel(pager.pages[0], of: pager, shownCount: 2).html == "<p>T 2</p>")
        #expect(store.panel(pager.pages[1], of: pager, shownCount: 1).html == "<p>U</p>")
        #expect(store.panel(pager.pages[1], of: pager, shownCount: 7).html == "<p>U</p>")
        #expect(store.cacheKeyInputs(of: pager).countSensitive == [true, false])
    }

    @Test func panelsForEverNewShownCountsStayWithinTheCacheBudget() throws {
        let small = PageContentStore(
            templates: try TemplateSet(directory: folder.path), site: .null, clock: TestClock(),
            cacheBytes: 4_096)
        let pager = pager()
        for count in 1...2_000 {
            #expect(small.panel(pager.pages[0], of: pager, shownCount: count).html == "<p>T \(count)</p>")
        }
        #expect(small.cachedBytes > 0 && small.cachedBytes <= 4_096)
    }

    @Test func anErrorPanelShowsNoDetailsAndTheLogGetsThemAsTheyAre() {
        var pager = pager()
        pager.pages[0].source = .file(path: folder.path + "/<b>&.json")
        let html = store.panel(pager.pages[0], of: pager, shownCount: 1).html
        #expect(!html.contains("<b>") && !html.contains("&lt;b&gt;") && !html.contains(folder.path))
        #expect(reported.withLock { $0.contains { $0.contains("p/a") && $0.contains("/<b>&.json") } })
    }

    @Test func aMissingDataFileGivesAnErrorPanelWithARetryInThePagersLanguage() {
        var pager = pager()
        pager.lang = "zh-Hans"
        pager.pages[0].source = .file(path: folder.path + "/none.json")
        let html = store.panel(pager.pages[0], of: pager, shownCount: 1).html
        #expect(html.contains("role=\"alert\"") && !html.contains("none.json"))
        #expect(html.contains("这一页暂时无法显示。") && html.contains(">重试</a>"))
        #expect(!html.contains("cannot be shown"), "one language")
        pager.lang = "en"
        pager.pages[1].source = .file(path: folder.path + "/none.json")
        let english = store.panel(pager.pages[1], of: pager, shownCount: 1).html
        #expect(
            english.contains("This page cannot be shown right now.") && english.contains(">Try again</a>"))
        #expect(!english.contains("这一页"))
        #expect(reported.withLock { $0.filter { $0.contains("none.json") }.count } == 2)
    }
}
