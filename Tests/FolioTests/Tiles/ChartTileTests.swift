import FolioCore
import FolioSync
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Chart tiles: SVG named by a summary with formatted values, a data table beside it, gaps where points are missing.
@Suite struct ChartTileTests {
    let store: PageContentStore

    init() throws {
        store = PageContentStore(
            templates: try TemplateSet(searchPath: [FolioPaths.builtInTemplatesDirectory]),
            site: .null, clock: TestClock(1_800_000_000), language: "en", report: { _ in })
    }

    static let requests = """
        {"rpm": [{"t": 1799996400, "v": 1441.029836821407}, {"t": 1799996700, "v": null},
                 {"t": "2027-01-15T07:10:00Z", "v": 1702.5}, {"t": 1799998200, "v": 1100.25},
                 {"t": 1799998500, "v": 1300}],
         "two": {"series": [{"name": "api", "points": [{"t": 1799996400, "v": 1}, {"t": 1799998500, "v": 3}]},
                            {"name": "web", "points": [{"t": 1799996400, "v": 2}, {"t": 1799998500, "v": 1}]}]},
         "hosts": [{"label": "db", "v": 0.42}, {"label": "cache", "v": 0.9}]}
        """

    func render(_ tiles: [TileConfiguration], lang: String? = nil) -> String {
        var page = PageConfiguration(
            key: "ops", title: "Ops", template: "tiles.html", source: .inline(json: Self.requests))
        page.tiles = tiles
        var pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        pager.lang = lang
        return store.panel(page, of: pager, shownCount: 1).html
    }

    func chart(_ key: String, _ widget: TileWidget, path: String, format: String? = "compact.1")
        -> TileConfiguration
    {
        var tile = TileConfiguration(key: key, title: "Requests", widget: widget, path: path)
        tile.format = format
        return tile
    }

    @Test func aLineChartIsANamedImageWithItsDataTable() throws {
        let html = render([chart("rpm", .line, path: "rpm")])
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        let root = try #require(svg.elements("svg").first)
        #expect(StrictXML.attribute("role", of: root) == "img")
        #expect(
            StrictXML.attribute("aria-labelledby", of: root)
                == "folio-chart-rpm-title folio-chart-rpm-summary")
        #expect(StrictXML.attribute("viewBox", of: root) == "0 0 600 240")
        let summary = try #require(svg.elements("desc").first.map(StrictXML.text(of:)))
        // Times in English read as the browser says them, with a narrow no-break space before AM.
        #expect(summary == "From 7:00\u{202F}AM to 7:35\u{202F}AM: latest 1.3k, lowest 1.1k, highest 1.7k.")
        // The null reading breaks the line: two pieces, not one.
        #expect(
            svg.elements("path").filter { StrictXML.attribute("class", of: $0) == "folio-chart-line" }.count
                == 2)
        #expect(svg.elements("text").map(StrictXML.text(of:)).allSatisfy { !$0.contains("1441.02") })
        #expect(html.contains(#"<details class="folio-chart-data"><summary>Data</summary>"#))
        #expect(html.contains("<tr><th scope=\"row\">7:00\u{202F}AM</th><td>1.4k</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">7:05\u{202F}AM</th><td></td></tr>"))
    }

    @Test func anAreaChartWithTwoSeriesHasALegendAndFilledAreas() throws {
        let html = render([chart("two", .area, path: "two", format: nil)])
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        #expect(svg.elements("path").contains { StrictXML.attribute("class", of: $0) == "folio-chart-area" })
        let legend = svg.elements("text").filter {
            StrictXML.attribute("class", of: $0) == "folio-chart-legend-label"
        }
        #expect(legend.map(StrictXML.text(of:)) == ["api", "web"])
    }

    /// Chinese compact numbers count in 万, so 1,300 stays 1300.
    @Test func aSparklineIsSmallAndSaysItsSummaryInChinese() throws {
        let html = render([chart("rpm", .sparkline, path: "rpm")], lang: "zh-Hans")
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        let root = try #require(svg.elements("svg").first)
        #expect(StrictXML.attribute("viewBox", of: root) == "0 0 160 40")
        let title = try #require(svg.elements("title").first.map(StrictXML.text(of:)))
        #expect(title == "Requests: 从 07:00 到 07:35：最新 1300，最低 1100.2，最高 1702.5。")
        #expect(html.contains("<summary>数据</summary>"))
    }

    @Test func aBarChartLabelsItsBarsWithTheTilesFormat() throws {
        let html = render([chart("hosts", .bar, path: "hosts", format: "percent")])
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        #expect(svg.elements("rect").count == 2)
        #expect(svg.elements("desc").first.map(StrictXML.text(of:)) == "db 42%, cache 90%")
        let labels = svg.elements("text").map(StrictXML.text(of:))
        #expect(labels.contains("db") && labels.contains("cache") && labels.contains("100%"))
    }

    @Test func aChartOnARightToLeftPageRunsFromTheRight() throws {
        var page = PageConfiguration(
            key: "rtl", title: "RTL", template: "tiles.html", source: .inline(json: Self.requests))
        page.tiles = [chart("rpm", .line, path: "rpm")]
        var pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        pager.dir = .rtl
        let html = store.panel(page, of: pager, shownCount: 1).html
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        #expect(svg.elements("svg").first.flatMap { StrictXML.attribute("direction", of: $0) } == "rtl")
        // The latest reading's marker sits left of the plot's middle: time runs from the right.
        let marker = try #require(svg.elements("circle").first.flatMap { StrictXML.attribute("cx", of: $0) })
        #expect(try #require(Double(marker)) < 300)
    }

    @Test func aChartWithoutPointsSaysSoInItsName() throws {
        var page = PageConfiguration(
            key: "empty", title: "Empty", template: "tiles.html", source: .inline(json: #"{"rpm": []}"#))
        page.tiles = [chart("rpm", .line, path: "rpm")]
        let pager = PagerConfiguration(key: "dash", title: "Dash", pages: [page])
        let html = store.panel(page, of: pager, shownCount: 1).html
        let svg = try #require(StrictXML(html.slice(from: "<svg", to: "</svg>")))
        #expect(svg.elements("desc").first.map(StrictXML.text(of:)) == "no data")
        #expect(svg.elements("path").isEmpty)
    }

    @Test func dataThatIsNoChartShowsTheTilesOwnProblem() {
        let html = render([chart("bad", .line, path: "hosts"), chart("ok", .bar, path: "hosts")])
        #expect(html.contains("The value at ‘hosts’ is not chart data."))
        #expect(html.components(separatedBy: "<svg").count == 2)
    }
}

extension String {
    /// From the first `start` to the end of the first `end` after it; empty when either is missing.
    fileprivate func slice(from start: String, to end: String) -> String {
        guard let head = range(of: start), let tail = self[head.lowerBound...].range(of: end) else {
            return ""
        }
        return String(self[head.lowerBound..<tail.upperBound])
    }
}
