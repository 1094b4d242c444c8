// Tests/DashboardTests/ColorsTests.swift
import Dashboard
import Folio
import FolioTesting
import Testing

@Suite struct ColorsTests {
    let browser: FolioBrowser

    init() throws {
        browser = try FolioBrowser(
            configuration: Dashboard.configuration, templatesDirectory: Dashboard.templatesDirectory,
            publicDirectory: FolioPaths.builtInPublicDirectory)
    }

    @Test func aBookmarkedPageOpensSelected() throws {
        let page = try browser.open("/colors/blue")
        #expect(try page.pager().tabs.map(\.title) == ["Red", "Blue"])
        try page.expectAttribute("data-key", of: "//*[@role='tab'][@aria-selected='true']", equals: "blue")
        try page.expectText(of: "//*[@id='folio-colors-panel-blue']//h2", equals: "Blue")
        try page.expectCount(of: "//*[@role='tabpanel'][@data-loaded='true']", equals: 1)
    }

    @Test func aSwipeBackSelectsTheFirstPage() throws {
        try browser.open("/colors/blue")
        let page = try browser.scroll(toOffset: 0, pageWidth: 390)
        #expect(try page.pager().selectedKey == "red")
        try page.expectNoMatch("//*[@role='tab'][@aria-selected='true'][@data-key='blue']")
    }

    @Test func anUnknownPageIsAnErrorPageWithItsStatus() throws {
        let page = try browser.open("/colors/green")
        #expect(page.status.code == 404)
        try page.expectAttribute(
            "data-status", of: "//main[contains(concat(' ', @class, ' '), ' folio-error ')]", equals: "404")
    }
}
