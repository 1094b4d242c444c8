import FolioTemplate
import Testing

@testable import Folio

@Suite struct PageContentStoreTests {
    let folder: TemporaryFolder
    let store: PageContentStore

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/counted.html", "<p tal:content=\"string:${title} ${shownCount}\">x</p>")
        try folder.write("content/plain.html", "<p tal:content=\"title\">x</p>")
        store = PageContentStore(
            templates: try TemplateSet(directory: folder.path), site: .null, clock: TestClock())
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

    @Test func anErrorPanelShowsMarkupInItsMessageAsText() {
        var pager = pager()
        pager.pages[0].source = .file(path: folder.path + "/<b>&.json")
        let html = store.panel(pager.pages[0], of: pager, shownCount: 1).html
        #expect(html.contains("/&lt;b&gt;&amp;.json") && !html.contains("<b>"))
    }

    @Test func aMissingDataFileGivesAnErrorPanel() {
        var pager = pager()
        pager.pages[0].source = .file(path: folder.path + "/none.json")
        let html = store.panel(pager.pages[0], of: pager, shownCount: 1).html
        #expect(html.contains("role=\"alert\"") && html.contains("none.json"))
    }
}
