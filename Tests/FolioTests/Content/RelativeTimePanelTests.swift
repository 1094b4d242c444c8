import FolioSync
import FolioTemplate
import Testing

@testable import Folio

/// A panel that says "7 min ago" is rendered again within half a minute, so
/// it stays right for a reader with JavaScript off; other panels stay cached.
@Suite struct RelativeTimePanelTests {
    let folder: TemporaryFolder
    let clock = TestClock(1_796_161_591 + 7 * 60)
    let store: PageContentStore

    init() throws {
        folder = try TemporaryFolder()
        try folder.write(
            "content/deploy.html",
            #"<time tal:attributes="datetime format:iso at" tal:content="format:relative at">x</time>"#)
        try folder.write("content/count.html", #"<b tal:content="format:compact requests">x</b>"#)
        var configuration = FolioConfiguration(title: "T", pagers: [])
        configuration.lang = "zh-Hans"
        store = PageContentStore(
            templates: try TemplateSet(directory: folder.path, formatting: configuration.formatting),
            site: .null,
            clock: clock, language: configuration.lang, report: { _ in })
    }

    func pager() -> PagerConfiguration {
        PagerConfiguration(
            key: "p", title: "P",
            pages: [
                PageConfiguration(
                    key: "deploy", title: "D", template: "content/deploy.html",
                    source: .inline(json: #"{"at": 1796161591}"#)),
                PageConfiguration(
                    key: "count", title: "C", template: "content/count.html",
                    source: .inline(json: #"{"requests": 23456}"#)),
            ])
    }

    @Test func aRelativeTimeIsRightAtRenderAndRenewedWithinHalfAMinute() {
        let pager = pager()
        let first = store.panel(pager.pages[0], of: pager, shownCount: 1)
        #expect(first.html == #"<time datetime="2026-12-01T21:46:31Z">7分钟前</time>"#)
        #expect(first.expires == clock.now + PageContentStore.relativeTimeSeconds)
        clock.advance(by: 60)
        #expect(store.panel(pager.pages[0], of: pager, shownCount: 1).html.contains("8分钟前"))
    }

    @Test func aPanelWithoutRelativeTimesKeepsItsCache() {
        let pager = pager()
        let panel = store.panel(pager.pages[1], of: pager, shownCount: 1)
        #expect(panel.html == "<b>2.3万</b>")
        #expect(panel.expires == nil)
    }
}
