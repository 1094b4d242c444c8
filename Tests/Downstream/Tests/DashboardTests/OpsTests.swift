// Tests/DashboardTests/OpsTests.swift
import Dashboard
import Folio
import FolioTesting
import Testing

/// A template of the package's own inside Folio's chrome, data from a
/// provider, and a configuration built in Swift checked before it serves.
@Suite struct OpsTests {
    @Test func theOwnTemplateShowsTheProvidersDataInFoliosChrome() async throws {
        let browser = try FolioBrowser(
            configuration: Dashboard.configuration, templatesDirectory: Dashboard.templatesDirectory,
            publicDirectory: FolioPaths.builtInPublicDirectory)
        let before = await Monitor.shared.calls
        let page = try browser.open("/ops/load")
        try page.expectText(of: "//*[@id='folio-ops-panel-load']//*[@class='load-page-cpu']", equals: "0.42")
        try page.expectCount(of: "//li[@class='load-page-host']", equals: 2)
        try page.expectAttribute("data-key", of: "//*[@role='tab'][@aria-selected='true']", equals: "load")
        // Folio's own chrome: the tab bar and the stylesheet link come from its page.html.
        try page.expectCount(of: "//link[contains(@href, 'folio.css')]", equals: 1)
        for _ in 0..<3 { try browser.open("/ops/load") }
        #expect(await Monitor.shared.calls == before + 1)  // one call per cache period
    }

    @Test func aConfigurationWithABadKeyIsRefusedBeforeItServes() throws {
        var configuration = Dashboard.configuration
        configuration.pagers[1].key = "my ops"
        let error = try #require(throws: FolioStartupError.self) {
            try FolioBrowser(
                configuration: configuration, templatesDirectory: Dashboard.templatesDirectory,
                publicDirectory: FolioPaths.builtInPublicDirectory)
        }
        #expect(error.problems.map(\.path) == ["pagers[1].key"])
    }
}
