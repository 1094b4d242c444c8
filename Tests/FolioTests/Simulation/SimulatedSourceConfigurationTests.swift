import Foundation
import Testing

@testable import Folio

/// `"simulate"` in a page's configuration: read as a source refreshed on
/// the page's `refreshSeconds`, an unknown name named with the known ones.
@Suite struct SimulatedSourceConfigurationTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/c.html", "<p tal:content=\"page/title\">c</p>")
    }

    func parse(_ page: String) throws(ConfigurationError) -> FolioConfiguration {
        let text = """
            {"title": "Ops", "pagers": [{"key": "ops", "title": "Ops", "pages": [
              {"key": "now", "title": "Now", "template": "content/c.html", \(page)}]}]}
            """
        return try FolioConfiguration.parse(
            Array(text.utf8), file: "dash.json", directory: folder.path, templatesDirectory: folder.path)
    }

    func problems(_ page: String) -> [String] {
        do {
            _ = try parse(page).validate(templates: [folder.path])
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aSimulatedPageIsComputedAgainAtEachRefresh() throws {
        let page = try #require(
            try parse(#""simulate": "ops", "refreshSeconds": 5"#).pagers.first?.pages.first)
        #expect(page.refreshSeconds == 5)
        guard case .provider(let provider) = page.source else {
            Issue.record("not computed: \(page.source)")
            return
        }
        #expect(provider.cacheSeconds == 5)
        #expect(problems(#""simulate": "ops", "refreshSeconds": 5"#) == [])
    }

    @Test func withoutARefreshItIsComputedOnceAMinute() throws {
        let page = try #require(try parse(#""simulate": "ops""#).pagers.first?.pages.first)
        guard case .provider(let provider) = page.source else {
            Issue.record("not computed: \(page.source)")
            return
        }
        #expect(provider.cacheSeconds == 60)
    }

    @Test func anUnknownNameOrASecondSourceIsNamedAtItsPlace() {
        #expect(
            problems(#""simulate": "shop""#) == [
                "dash.json:2:76: unknown simulated source 'shop' in page 'now' of pager 'ops' (known: 'ops')"
            ])
        #expect(
            problems(#""data": {}, "simulate": "ops""#).first?.contains("has both 'data' and 'simulate'")
                == true)
    }
}
