import FolioTesting
import Testing

@Test func clickingVideoSelectsIt() throws {
    let browser = try FolioBrowser.demo()
    try browser.open("/essence")
    let page = try browser.select("video")
    try page.expectText(of: "//*[@role='tab'][@aria-selected='true']", equals: "视频")
    #expect(try browser.state(of: "essence").selected.key == "video")
}
