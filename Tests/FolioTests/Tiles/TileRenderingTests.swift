import FolioCore
import FolioSync
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Pages of tiles drawn by Folio's own `tiles.html` and `widgets.html`.
@Suite struct TileRenderingTests {
    let folder: TemporaryFolder
    let store: PageContentStore
    let reported = LockedValue<[String]>([])

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("services.json", #"{"list": [{"name": "api", "state": "down", "since": "09:12"}]}"#)
        let reported = reported
        store = PageContentStore(
            templates: try TemplateSet(searchPath: [folder.path, FolioPaths.builtInTemplatesDirectory]),
            site: .null, clock: TestClock(), language: "en",
            report: { line in reported.withLock { $0.append(line) } })
    }

    func render(_ tiles: [TileConfiguration], pageData: String = #"{"api": {"rpm": 1200, "before": 1500}}"#)
        -> String
    {
        var page = PageConfiguration(
            key: "ops", title: "Ops", template: "tiles.html", source: .inline(json: pageData))
        page.tiles = tiles
        let pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        return store.panel(page, of: pager, shownCount: 1).html
    }

    /// The text of the element with `id`, tags dropped and spaces squeezed.
    func text(_ html: String, tile key: String) -> String {
        guard let id = html.range(of: "id=\"folio-tile-\(key)\""),
            let start = html[id.upperBound...].firstIndex(of: ">")
        else { return "" }
        let rest = html[html.index(after: start)...]
        let body = rest[..<(rest.range(of: "</article>")?.lowerBound ?? rest.endIndex)]
        return body.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func aStatSaysItsChangeAndLevelInWordsNotOnlyInColourOrArrows() {
        var stat = TileConfiguration(key: "rpm", title: "Requests", widget: .stat, path: "api.rpm")
        stat.unit = "req/min"
        stat.previousPath = "api.before"
        stat.levels = TileLevels(warning: 1000, critical: 2000)
        let html = render([stat])
        #expect(text(html, tile: "rpm") == "Requests 1200 req/min ▼ down 300 from 1500 ! Warning")
        #expect(html.contains(#"class="folio-level folio-level--warning""#))
        #expect(html.contains(#"<span class="folio-stat-arrow" aria-hidden="true">▼</span>"#))
        #expect(html.contains(#"aria-labelledby="folio-tile-rpm-title""#))
    }

    @Test func aFailingTileShowsItsOwnProblemAndTheOtherTilesRender() {
        var broken = TileConfiguration(
            key: "broken", title: "Broken", widget: .status, path: "list",
            source: .file(path: folder.path + "/missing.json"))
        broken.emptyText = "none"
        let missing = TileConfiguration(key: "gone", title: "Gone", widget: .stat, path: "api.errors")
        let services = TileConfiguration(
            key: "svc", title: "Services", widget: .status, path: "list",
            source: .file(path: folder.path + "/services.json"))
        let rpm = TileConfiguration(key: "rpm", title: "Requests", widget: .stat, path: "api.rpm")
        let html = render([broken, missing, services, rpm])
        #expect(text(html, tile: "broken") == "Broken ⚠ This tile's data could not be loaded.")
        #expect(text(html, tile: "gone") == "Gone ⚠ No value at ‘api.errors’ in this tile's data.")
        #expect(text(html, tile: "svc") == "Services api ✕ down since 09:12")
        #expect(text(html, tile: "rpm") == "Requests 1200")
        #expect(!html.contains("folio-panel-error"))
        #expect(
            reported.withLock { $0 }.contains {
                $0.contains("dash/ops/broken") && $0.contains("missing.json")
            })
    }

    @Test func aPageWhoseOwnDataFailsStillDrawsTheTilesWithDataOfTheirOwn() {
        var page = PageConfiguration(
            key: "ops", title: "Ops", template: "tiles.html", source: .file(path: folder.path + "/nope.json"))
        page.tiles = [
            TileConfiguration(key: "rpm", title: "Requests", widget: .stat, path: "api.rpm"),
            TileConfiguration(
                key: "svc", title: "Services", widget: .status, path: "list",
                source: .file(path: folder.path + "/services.json")),
        ]
        let pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        let html = store.panel(page, of: pager, shownCount: 1).html
        #expect(text(html, tile: "rpm") == "Requests ⚠ This tile's data could not be loaded.")
        #expect(text(html, tile: "svc") == "Services api ✕ down since 09:12")
    }

    @Test func aTableAlignsItsColumnsLevelsItsRowsAndKeepsLongTextWhole() {
        var table = TileConfiguration(key: "deploys", title: "Deploys", widget: .table, path: "rows")
        table.columns = [
            TableColumn(key: "service", title: "Service"),
            TableColumn(key: "took", title: "Took", align: .end),
            TableColumn(key: "note", title: "Note", truncate: true),
        ]
        table.levelKey = "result"
        table.levels = TileLevels(mapping: ["ok": .ok, "failed": .critical])
        let long = String(repeating: "rolled back after the health check failed ", count: 4)
        let html = render(
            [table],
            pageData: #"{"rows": [{"service": "api", "took": 42, "note": "\#(long)", "result": "failed"}]}"#)
        #expect(html.contains(#"<tr class="folio-row folio-row--critical">"#))
        #expect(html.contains(#"<th scope="col" class="folio-cell--end">Took</th>"#))
        #expect(html.contains(#"<td class="folio-cell--end"><span class="folio-value">42</span></td>"#))
        #expect(html.contains(#"<summary title="\#(long)">"#))
        #expect(html.contains(#"<p class="folio-cell-full">\#(long)</p>"#))
        #expect(text(html, tile: "deploys").hasPrefix("Deploys Level Service Took Note ✕ Critical api 42"))
    }

    @Test func anEmptyTableSaysSo() {
        var table = TileConfiguration(key: "deploys", title: "Deploys", widget: .table, path: "rows")
        table.columns = [TableColumn(key: "service")]
        table.emptyText = "No deploys today"
        let html = render([table], pageData: #"{"rows": []}"#)
        #expect(text(html, tile: "deploys") == "Deploys No deploys today")
        #expect(!html.contains("<table"))
    }

    @Test func aMeterIsARealMeterWithItsRangeAndThresholds() {
        var meter = TileConfiguration(key: "disk", title: "Free disk", widget: .meter, path: "free")
        meter.maximum = 500
        meter.unit = "GB"
        meter.levels = TileLevels(warning: 50, critical: 10)
        let html = render([meter], pageData: #"{"free": 42}"#)
        #expect(
            html.contains(
                #"<meter class="folio-meter-bar" value="42" min="0" max="500" low="50" optimum="500" aria-label="Free disk"></meter>"#
            ))
        #expect(text(html, tile: "disk") == "Free disk 42 GB / 500 ! Warning")
    }

    @Test func aMeterOfSomethingThatIsNotANumberSaysWhat() {
        let meter = TileConfiguration(key: "disk", title: "Free disk", widget: .meter, path: "free")
        #expect(
            text(render([meter], pageData: #"{"free": "lots"}"#), tile: "disk")
                == "Free disk ⚠ The value at ‘free’ is not a number.")
    }
}
