import FolioCore
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// A page of every widget renders to the very bytes it rendered before the
/// tiles were made faster (`TilePageBytes.html`, written by the renderer of
/// commit 3b6d62c): what a reader sees must not change with the speed.
///
/// To write the file again after an intended change of the markup, run the
/// suite with `FOLIO_WRITE_TILE_PAGE_BYTES=1` and review its diff.
@Suite struct TilePageBytesTests {
    static let expectedFile =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "TilePageBytes.html")

    /// Two series with times the other lacks, a gap, a repeated time, text
    /// that needs escaping, and a quarter-hour time zone.
    static func data() -> String {
        let start = 1_801_000_000
        let requests = (0..<150).map { minute -> String in
            let value = minute % 37 == 0 ? "null" : String(1000 + 400 * sin(Double(minute) / 9))
            return #"{"t": \#(start + minute * 60), "v": \#(value)}"#
        }
        let errors = (0..<40).map { step -> String in
            #"{"t": \#(start + step * 270 + 30), "v": \#(Double(step % 9) * 1.25 - 2)}"#
        }
        let repeated = #"{"t": \#(start + 120), "v": 7}"#
        return """
            {"rpm": [\(requests.joined(separator: ", "))],
             "pair": {"series": [{"name": "api <v2> & \\"web\\"", "points": [\(requests.prefix(90).joined(separator: ", "))]},
                                 {"name": "errors 'all'", "points": [\(errors.joined(separator: ", ")), \(repeated)]}]},
             "stats": [1441.029836821407, -0.004, 999.95, 1234567],
             "previous": [1200, 0, 1000, 1234567],
             "services": [{"name": "api", "state": "up", "since": 1800990000},
                          {"name": "search & <find>", "state": "degraded", "since": 1800999000},
                          {"name": "billing", "state": "down"}],
             "deploys": [{"service": "api", "took": 31.5, "level": "ok"},
                         {"service": "a \\"quoted\\" <b>name</b>", "took": 1800, "level": "critical"}],
             "disk": 23.4,
             "hosts": [{"label": "db-primary.internal", "v": 0.42}, {"label": "cache & queue", "v": 0.9},
                       {"label": "nothing", "v": null}]}
            """
    }

    static func tiles() -> [TileConfiguration] {
        var tiles: [TileConfiguration] = []
        for index in 0..<4 {
            var stat = TileConfiguration(
                key: "stat\(index)", title: "Stat <\(index)>", widget: .stat, path: "stats.\(index)")
            stat.format = index == 3 ? "bytes" : "compact.1"
            stat.previousPath = "previous.\(index)"
            stat.levels = TileLevels(warning: 1500, critical: 1700)
            tiles.append(stat)
        }
        var status = TileConfiguration(key: "services", title: "Services", widget: .status, path: "services")
        status.format = "relative"
        tiles.append(status)
        var table = TileConfiguration(
            key: "deploys", title: "Deploys & more", widget: .table, path: "deploys")
        var took = TableColumn(key: "took", title: "Took", align: .end)
        took.format = "s"
        table.columns = [TableColumn(key: "service", truncate: true), took]
        table.levelKey = "level"
        tiles.append(table)
        var meter = TileConfiguration(key: "disk", title: "Disk free", widget: .meter, path: "disk")
        meter.levelSpec = "warning=30,critical=15"
        meter.unit = "%"
        tiles.append(meter)
        for (key, widget, path) in [
            ("rpm", TileWidget.line, "rpm"), ("pair", .area, "pair"), ("spark", .sparkline, "rpm"),
        ] {
            var chart = TileConfiguration(key: key, title: "Requests \"\(key)\"", widget: widget, path: path)
            chart.format = "compact.1"
            tiles.append(chart)
        }
        var plain = TileConfiguration(key: "plain", title: "Unformatted", widget: .line, path: "pair")
        plain.chartWidth = 390
        tiles.append(plain)
        var bars = TileConfiguration(key: "hosts", title: "Hosts", widget: .bar, path: "hosts")
        bars.format = "percent.1"
        tiles.append(bars)
        return tiles
    }

    /// The page rendered in `lang`, its times in `zone`.
    static func render(lang: String, zone: String) throws -> String {
        let store = PageContentStore(
            templates: try TemplateSet(searchPath: [FolioPaths.builtInTemplatesDirectory]),
            site: .null, clock: TestClock(1_801_003_000), language: "en", report: { _ in })
        var page = PageConfiguration(
            key: "ops", title: "Ops", template: "tiles.html", source: .inline(json: data()))
        let formatting = FolioFormatting(
            timeZone: try #require(TimeZone(identifier: zone)), formats: [:], levels: [:])
        page.tiles = tiles().map { tile in
            var tile = tile
            tile.rendering = TileRendering(formatting: formatting, measurer: EstimatingMeasurer())
            return tile
        }
        var pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        pager.lang = lang
        return store.panel(page, of: pager, shownCount: 1).html
    }

    static func pages() throws -> String {
        try render(lang: "en", zone: "Asia/Kathmandu") + "\n<!-- zh-Hans, America/New_York -->\n"
            + render(lang: "zh-Hans", zone: "America/New_York")
    }

    @Test func aTilePageRendersTheBytesItAlwaysDid() throws {
        let html = try Self.pages()
        if ProcessInfo.processInfo.environment["FOLIO_WRITE_TILE_PAGE_BYTES"] != nil {
            try html.write(to: Self.expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.expectedFile, encoding: .utf8)
        #expect(html.contains("<table class=\"folio-chart-table\">"))
        #expect(!html.contains("folio-tile-problem"))
        guard html != expected else { return }
        let first = zip(html.utf8, expected.utf8).prefix { $0 == $1 }.count
        let context = { (text: String) in
            String(decoding: text.utf8.dropFirst(max(0, first - 80)).prefix(200), as: UTF8.self)
        }
        Issue.record(
            "the page differs from byte \(first): got\n\(context(html))\nexpected\n\(context(expected))")
    }
}
