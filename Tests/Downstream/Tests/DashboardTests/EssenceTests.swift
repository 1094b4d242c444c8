// Tests/DashboardTests/EssenceTests.swift
import Folio
import FolioTesting
import Testing

@Test func clickingATitleSelectsItsPage() throws {
    // The demo dashboard, found in Folio's checkout whatever the working folder;
    // FolioBrowser(configurationFile:) takes your own folio.json.
    let browser = try FolioBrowser.demo()
    try browser.open("/essence")

    let page = try browser.select("video")  // the form post, 303, GET /essence/video
    #expect(page.path == "/essence/video")
    try page.expectText(of: "//*[@role='tab'][@aria-selected='true']", equals: "视频")
    try page.expectAttribute("data-selected", of: "//section[@data-pager='essence']", equals: "1")

    let pager = try page.pager("essence")  // the stable hooks, as plain values
    #expect(pager.panel("video")?.isLoaded == true)
    #expect(pager.panel("joke")?.isLoaded == false)  // never shown: an empty placeholder
    #expect(try browser.state(of: "essence").selected.key == "video")  // what the server holds
}
