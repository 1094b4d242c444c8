import Folio
import FolioCore
import FolioHTTP
import FolioTemplate
import Foundation

/// Re-rendering a page of 12 tiles, three of them 720-point charts, after
/// its data changed (issue 26's target: under 2 ms of CPU per render). The
/// page's data comes from a provider that gives new numbers on every call
/// (built before the runs, 16 sets in turn) and is kept for no time, so every `GET` of the page's panel through
/// `FolioApp.handle` loads and renders all 12 tiles again; against the same
/// `GET` when the data is kept and the rendered panel is served from cache.
/// One thread: the time per render is its CPU.
enum TilesBenchmark {
    static func run() throws {
        let kept = try app(cacheSeconds: 3600)
        let changing = try app(cacheSeconds: 0)
        let building = try app(cacheSeconds: 0, buildsData: true)
        let request = HTTPRequest(method: .get, target: "/bench/tiles/panel")
        for app in [kept, changing, building] { try check(app.handle(request)) }
        let cached = measure("GET the tiles panel, data kept (served from cache)") {
            _ = kept.handle(request)
        }
        let rendered = measure("GET the tiles panel, data changed (12 tiles rendered again)") {
            _ = changing.handle(request)
        }
        report(cached, unit: "panels")
        report(rendered, against: cached, unit: "renders")
        let microseconds = rendered.seconds / Double(rendered.iterations) * 1e6
        let cpuMicroseconds = rendered.cpuSeconds / Double(rendered.iterations) * 1e6
        print(
            String(
                format: "tiles: %.0f us per render of 12 tiles with three 720-point charts (%.0f us of CPU)",
                microseconds, cpuMicroseconds))
        // The same with the provider building its 720-point series in the call, as a feed's parse would.
        let built = measure("GET the tiles panel, data built by the provider in the call") {
            _ = building.handle(request)
        }
        report(built, against: rendered, unit: "renders")
        print(
            String(
                format: "tiles: %.0f us of CPU per render with the data built in the call",
                built.cpuSeconds / Double(built.iterations) * 1e6))
        let floor = measure("format the charts' 2,160 readings alone") { formatReadings() }
        report(floor, against: rendered, unit: "pages")
        print(
            String(
                format:
                    "tiles: %.0f us of each render's CPU is formatting its data tables' 2,160 readings (%.0f%%)",
                floor.cpuSeconds / Double(floor.iterations) * 1e6,
                100 * (floor.cpuSeconds / Double(floor.iterations)) / (cpuMicroseconds / 1e6)))
    }

    /// What every render must do per point whatever the markup: each of the
    /// three charts' 720 readings as its data table shows them (the times
    /// are kept from render to render; the readings all change).
    private static func formatReadings() {
        let value = ValueFormat(kind: .compact(fractionDigits: 1), spec: "compact.1")
        let context = FormatContext()
        var bytes = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { scratch in
            for chart in 0..<3 {
                for minute in 0..<720 {
                    let reading = 1000 + 400 * sin(Double(minute + chart) / 40)
                    guard let digits = value.digits(of: reading, in: context) else { continue }
                    digits.write(into: UnsafeMutableBufferPointer(rebasing: scratch[..<digits.count]))
                    bytes += Int(scratch[0])
                }
            }
        }
        precondition(bytes > 0)
    }

    /// The answer must be the panel with its three charts, or the figures mean nothing.
    private static func check(_ response: HTTPResponse) throws {
        let html = String(decoding: response.body.collectedBytes() ?? [], as: UTF8.self)
        let charts = html.components(separatedBy: "role=\"img\"").count - 1
        guard response.status == .ok, charts >= 3, !html.contains("folio-tile-problem") else {
            throw TilesBenchmarkError(
                "the tiles panel is not what the benchmark measures (\(response.status.code), \(charts) charts)"
            )
        }
    }

    private static func app(cacheSeconds: Double, buildsData: Bool = false) throws -> FolioApp {
        let calls = Calls()
        let variants = buildsData ? [] : (0..<dataVariants).map { data(call: $0) }
        var page = PageConfiguration(
            key: "tiles", title: "Tiles", template: "tiles.html",
            source: .provider(cacheSeconds: cacheSeconds) {
                let call = await calls.next()
                return buildsData ? data(call: call) : variants[call % variants.count]
            })
        page.tiles = tiles()
        let configuration = FolioConfiguration(
            title: "Bench", pagers: [PagerConfiguration(key: "bench", title: "Bench", pages: [page])])
        let options = FolioAppOptions(templatesDirectory: "Templates", publicDirectory: "Public")
        return try FolioApp(
            configuration: configuration, options: options,
            sessions: SessionManager(store: MemorySessionStore()))
    }

    private static func tiles() -> [TileConfiguration] {
        var tiles: [TileConfiguration] = []
        for index in 0..<4 {
            var stat = TileConfiguration(
                key: "stat\(index)", title: "Stat \(index)", widget: .stat, path: "stats.\(index)")
            stat.format = "compact.1"
            stat.previousPath = "previous.\(index)"
            stat.levels = TileLevels(warning: 1500, critical: 1700)
            tiles.append(stat)
        }
        for index in 0..<2 {
            var status = TileConfiguration(
                key: "status\(index)", title: "Services", widget: .status, path: "services")
            status.format = "relative"
            tiles.append(status)
        }
        var table = TileConfiguration(key: "deploys", title: "Deploys", widget: .table, path: "deploys")
        table.columns = [TableColumn(key: "service"), TableColumn(key: "took", align: .end)]
        tiles.append(table)
        var second = table
        second.key = "deploys2"
        tiles.append(second)
        var meter = TileConfiguration(key: "disk", title: "Disk", widget: .meter, path: "disk")
        meter.levels = TileLevels(warning: 30, critical: 15)
        tiles.append(meter)
        for (key, widget) in [("line", TileWidget.line), ("area", .area), ("latency", .line)] {
            var chart = TileConfiguration(key: key, title: key, widget: widget, path: "series")
            chart.format = "compact.1"
            tiles.append(chart)
        }
        return tiles
    }

    /// Data built before the runs and handed over in turn, so that what is
    /// measured is Folio loading and rendering new numbers, not the
    /// benchmark computing them; every load gets other numbers than the last.
    private static let dataVariants = 16

    /// The page's data at the `call`th load: every number moves.
    private static func data(call: Int) -> TemplateValue {
        let start = 1_764_633_600.0
        let points = (0..<720).map { minute -> TemplateValue in
            let value = 1000 + 400 * sin(Double(minute + call) / 40)
            return [
                "t": .number(start + Double(minute) * 60), "v": minute % 97 == 0 ? .null : .number(value),
            ]
        }
        let services: [TemplateValue] = ["api", "search", "billing"].map {
            ["name": .string($0), "state": "up", "since": .number(start + Double(call))]
        }
        let deploys: [TemplateValue] = (0..<5).map {
            ["service": .string("service \($0)"), "took": .number(Double(30 + call % 7 + $0))]
        }
        return [
            "stats": .array((0..<4).map { .number(1441.03 + Double(call + $0)) }),
            "previous": .array((0..<4).map { .number(1200 + Double($0)) }),
            "services": .array(services), "deploys": .array(deploys),
            "disk": .number(Double(40 + call % 20)), "series": .array(points),
        ]
    }

    /// Counts the provider's calls.
    private actor Calls {
        private var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }
}

struct TilesBenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
