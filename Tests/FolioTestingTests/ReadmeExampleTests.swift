import Folio
import FolioTesting
import Testing

/// The README's example, verbatim, so it keeps compiling and passing.
@Suite struct ReadmeExampleTests {
    @Test func clickingATitleSelectsItsPage() throws {
        // Your configuration file, or FolioBrowser.demo() for the demo dashboard.
        let browser = try FolioBrowser(configurationFile: "Templates/demo/folio.json")
        try browser.open("/essence")

        let page = try browser.select("video")  // the form post, 303, GET /essence/video
        #expect(page.path == "/essence/video")
        #expect(try page.text("//*[@role='tab'][@aria-selected='true']") == "视频")
        try page.document.expectAttribute(
            "data-selected", of: "//section[@data-pager='essence']", equals: "1")

        let pager = try page.pager("essence")  // the stable hooks, as plain values
        #expect(pager.panel("video")?.isLoaded == true)
        #expect(pager.panel("joke")?.isLoaded == false)  // never shown: an empty placeholder
        #expect(try browser.state(of: "essence").selected.key == "video")  // what the server holds
    }

    @Test func aPagerBuiltInSwift() throws {
        var pager = PagerConfiguration(
            key: "colors", title: "Colours",
            pages: [
                PageConfiguration(
                    key: "red", title: "Red", template: "content/color.html",
                    source: .inline(json: #"{"color": "red", "order": "1", "heading": "Red", "note": ""}"#)),
                PageConfiguration(
                    key: "blue", title: "Blue", template: "content/color.html",
                    source: .inline(json: #"{"color": "blue", "order": "2", "heading": "Blue", "note": ""}"#)),
            ])
        pager.titleStyle = .segmented
        let browser = try FolioBrowser(configuration: FolioConfiguration(title: "Test", pagers: [pager]))
        let page = try browser.open("/colors/blue")  // rendered with "blue" selected
        #expect(try page.pager().tabs.map(\.title) == ["Red", "Blue"])
        #expect(try browser.scroll(toOffset: 0, pageWidth: 390).pager().selectedKey == "red")  // a swipe back
    }
}
