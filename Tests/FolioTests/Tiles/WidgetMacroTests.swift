import FolioTemplate
import Testing

@testable import Folio

/// `widgets.html`'s macros from a user's own template, and the names under
/// which tiles' own data is kept.
@Suite struct WidgetMacroTests {
    @Test func aUsersTemplateDrawsAStatWithFoliosMacro() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "mine.html",
            """
            <section><tal:block tal:define="stat feed/latency"><div
             metal:use-macro="macros/widgets/macros/stat"></div></tal:block></section>
            """)
        let templates = try TemplateSet(searchPath: [folder.path, FolioPaths.builtInTemplatesDirectory])
        let latency: TemplateValue = [
            "label": "Latency", "value": 12.5, "unit": "ms",
            "level": ["name": "critical", "word": "Critical", "icon": "✕"],
        ]
        let html = try templates.render("mine.html", ["feed": ["latency": latency]])
        #expect(html.contains(#"<p class="folio-stat-label">Latency</p>"#))
        #expect(
            html.contains(#"<span class="folio-value">12.5</span> <span class="folio-stat-unit">ms</span>"#))
        #expect(html.contains(#"<span class="folio-level folio-level--critical">"#))
        #expect(!html.contains("folio-stat-change"), "no previous value, no change")
    }

    @Test func aTilesDataBelongsToItsPage() {
        #expect(TileDataName.page(of: "ops/overview/queue") == "ops/overview")
        #expect(TileDataName.page(of: "ops/overview") == "ops/overview")
        var page = PageConfiguration(key: "overview", title: "O", template: "tiles.html")
        page.tiles = [
            TileConfiguration(
                key: "queue", title: "Q", widget: .stat, path: "depth", source: .file(path: "/q.json")),
            TileConfiguration(key: "rpm", title: "R", widget: .stat, path: "rpm"),
        ]
        #expect(page.externalData(of: "ops").map(\.name) == ["ops/overview/queue"])
        #expect(page.liveSeconds == nil)
        page.tiles[0].refreshSeconds = 5
        #expect(page.liveSeconds == 5)
        #expect(PagerConfiguration(key: "ops", title: "Ops", pages: [page]).isLive)
    }
}
