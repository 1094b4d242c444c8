import FolioCore
import FolioSync
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Tiles show every value through their `format`, and judge with a level spec or a named level.
@Suite struct TileFormatTests {
    let templates: TemplateSet

    init() throws {
        templates = try TemplateSet(searchPath: [FolioPaths.builtInTemplatesDirectory])
    }

    /// The configuration's names: `rate` is percent.1, `cpu` warns at 0.8.
    static let rendering = TileRendering(
        formatting: FolioFormatting(
            timeZone: .gmt, formats: ["rate": try! ValueFormat(spec: "percent.1")],
            levels: ["cpu": try! LevelRule(spec: "warning=0.8,critical=0.9")]),
        measurer: EstimatingMeasurer())

    func render(_ tile: TileConfiguration, data: String) -> String {
        var tile = tile
        tile.rendering = Self.rendering
        var page = PageConfiguration(
            key: "ops", title: "Ops", template: "tiles.html", source: .inline(json: data))
        page.tiles = [tile]
        let pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        // A store per render: a store keeps each page's panel.
        let store = PageContentStore(
            templates: templates, site: .null, clock: TestClock(1_800_000_000), language: "en",
            report: { _ in })
        return store.panel(page, of: pager, shownCount: 1).html
    }

    func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func aStatAndItsChangeAreFormattedWithoutFloatNoise() {
        var stat = TileConfiguration(key: "rpm", title: "Requests", widget: .stat, path: "rpm")
        stat.previousPath = "before"
        stat.format = "compact.1"
        let html = render(stat, data: #"{"rpm": 1441.029836821407, "before": 1200.2}"#)
        #expect(text(html) == "Requests 1.4k ▲ up 240.8 from 1.2k")
        #expect(!html.contains("1441.02"))
    }

    @Test func aNamedFormatAndANamedLevelComeFromTheConfiguration() {
        var cpu = TileConfiguration(key: "cpu", title: "CPU", widget: .stat, path: "cpu")
        cpu.format = "rate"
        cpu.levelSpec = "cpu"
        #expect(text(render(cpu, data: #"{"cpu": 0.8512}"#)) == "CPU 85.1% ! Warning")
        cpu.levelSpec = "up=ok,down=critical"
        #expect(text(render(cpu, data: #"{"cpu": "down"}"#)) == "CPU — ✕ Critical")
    }

    @Test func eachTableColumnHasItsOwnFormat() {
        var table = TileConfiguration(key: "disks", title: "Disks", widget: .table, path: "disks")
        var size = TableColumn(key: "size", align: .end)
        size.format = "bytes"
        var used = TableColumn(key: "used", align: .end)
        used.format = "rate"
        table.columns = [TableColumn(key: "name"), size, used]
        let html = render(table, data: #"{"disks": [{"name": "db", "size": 1610612736, "used": 0.4271}]}"#)
        #expect(text(html) == "Disks name size used db 1.5 GiB 42.7%")
    }

    @Test func aRelativeTimeIsATimeElementThePageKeepsCurrent() {
        var deploy = TileConfiguration(key: "deploy", title: "Deployed", widget: .stat, path: "at")
        deploy.format = "relative"
        let html = render(deploy, data: #"{"at": 1799999580}"#)
        #expect(
            html.contains(#"<time data-folio-relative="" datetime="2027-01-15T07:53:00Z">7 min ago</time>"#))
    }

    @Test func aMeterShowsItsValueAndMaximumFormatted() {
        var meter = TileConfiguration(key: "disk", title: "Disk", widget: .meter, path: "used")
        meter.format = "bytes"
        meter.maximum = 1_073_741_824
        let html = render(meter, data: #"{"used": 536870912}"#)
        #expect(text(html).hasPrefix("Disk 512.0 MiB / 1.0 GiB"))
        #expect(html.contains(#"value="536870912""#))
    }
}
