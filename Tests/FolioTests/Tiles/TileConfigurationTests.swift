import FolioCore
import Foundation
import Testing

@testable import Folio

@Suite struct TileConfigurationTests: ParsesConfigurations {
    let templates: TemporaryFolder

    init() throws {
        templates = try TemporaryFolder()
        try templates.write("content/posts.html", "<div tal:content=\"page/title\">x</div>")
    }

    var configurationFolder: String { templates.path }
    var templatesFolder: String { templates.path }

    /// The pages given, in a dashboard of one pager.
    func configurationText(_ pages: String) -> String {
        #"{"title": "Ops", "pagers": [{"key": "ops", "title": "Ops", "pages": [\#(pages)]}]}"#
    }

    @Test func aPageOfTilesReadsEveryTileField() throws {
        try templates.write("d.json", #"{"rows": []}"#)
        let configuration = try parse(
            """
            {"key": "health", "title": "Health", "data": {"api": {"rpm": 1200, "before": 1000}},
             "tiles": [
              {"key": "rpm", "title": "Requests", "widget": "stat", "path": "api.rpm", "unit": "req/min",
               "previousPath": "api.before", "levels": {"warning": 1000, "critical": 1500}},
              {"key": "svc", "title": "Services", "widget": "status", "path": "services",
               "url": "http://127.0.0.1:9/s.json", "refreshSeconds": 10, "empty": "No services"},
              {"key": "deploys", "title": "Deploys", "widget": "table", "dataFile": "d.json", "path": "rows",
               "columns": [{"key": "service"}, {"key": "took", "title": "Took", "align": "end"},
                           {"key": "note", "truncate": true}],
               "levelKey": "result", "levels": {"map": {"ok": "ok", "failed": "critical"}}},
              {"key": "disk", "title": "Free disk", "widget": "meter", "data": {"free": 12}, "path": "free",
               "min": 0, "max": 500, "levels": {"warning": 50, "critical": 10}}
             ]}
            """)
        let page = configuration.pagers[0].pages[0]
        #expect(page.template == "tiles.html")
        #expect(page.tiles.map(\.key) == ["rpm", "svc", "deploys", "disk"])
        #expect(page.tiles.map(\.widget) == [.stat, .status, .table, .meter])
        let rpm = page.tiles[0]
        #expect(rpm.path == "api.rpm" && rpm.previousPath == "api.before" && rpm.unit == "req/min")
        #expect(rpm.source == .none)
        #expect(rpm.levels == TileLevels(warning: 1000, critical: 1500))
        #expect(
            page.tiles[1].source
                == .url(URL(string: "http://127.0.0.1:9/s.json")!, cacheSeconds: 10, timeoutSeconds: 5))
        #expect(page.tiles[1].refreshSeconds == 10 && page.tiles[1].emptyText == "No services")
        #expect(page.tiles[2].source == .file(path: templates.path + "/d.json"))
        #expect(
            page.tiles[2].columns == [
                TableColumn(key: "service"), TableColumn(key: "took", title: "Took", align: .end),
                TableColumn(key: "note", truncate: true),
            ])
        #expect(page.tiles[2].levels?.mapping == ["ok": .ok, "failed": .critical])
        #expect(page.tiles[3].maximum == 500 && page.tiles[3].source == .inline(json: #"{"free":12}"#))
    }

    @Test func tileProblemsAreReportedWhereTheyAre() {
        let found = problems(
            """
            {"key": "h", "title": "H", "template": "content/posts.html", "tiles": [
              {"key": "a", "title": "A", "widget": "gauge"},
              {"key": "b", "title": "B", "widget": "stat"},
              {"key": "c", "title": "C", "widget": "meter", "path": "x..y", "max": 0},
              {"key": "d", "title": "D", "widget": "status", "levels": {"map": {"up": "fine"}}},
              {"key": "d", "title": "D2", "widget": "table", "path": "rows", "unit": "ms"},
              {"key": "e", "title": "E", "widget": "status", "url": "ftp://x/y", "refreshSeconds": 0}
            ]}
            """)
        // A template of the page's own places the tiles itself: no problem.
        #expect(!found.contains { $0.contains("'template'") })
        #expect(found.contains { $0.hasPrefix("dash.json:2:40: unknown widget 'gauge'") })
        #expect(found.contains { $0.hasPrefix("dash.json:3:4: missing required key 'path'") })
        #expect(found.contains { $0.hasPrefix("dash.json:4:57: '") && $0.contains("is not a path") })
        #expect(found.contains { $0.hasPrefix("dash.json:4:72: 'max'") })
        #expect(found.contains { $0.hasPrefix("dash.json:5:75: the level of 'up' must be one of") })
        #expect(found.contains { $0.hasPrefix("dash.json:6:3: two tiles of") && $0.contains("'d'") })
        #expect(
            found.contains { $0.hasPrefix("dash.json:6:4:") && $0.contains("missing required key 'columns'") }
        )
        #expect(
            found.contains { $0.hasPrefix("dash.json:6:66: 'unit' only applies to a 'stat' or 'meter' tile") }
        )
        #expect(found.contains { $0.hasPrefix("dash.json:7:57: 'ftp://x/y' is not an http(s) URL") })
        #expect(found.contains { $0.hasPrefix("dash.json:7:88: 'refreshSeconds' must be more than 0") })
    }
}

@Suite struct TileDataPathCheckTests {
    @Test func pathsThatNameNothingInVisibleDataAreWarnings() throws {
        let templates = try TemporaryFolder()
        try templates.write("content/posts.html", "<div tal:content=\"page/title\">x</div>")
        let text = """
            {"title": "Ops", "pagers": [{"key": "ops", "title": "Ops", "pages": [
              {"key": "a", "title": "A", "template": "content/posts.html", "data": {"alerts": {"open": 3}},
               "badge": "alerts.opne"},
              {"key": "b", "title": "B", "data": {"api": {"rpm": 3}}, "tiles": [
                {"key": "rpm", "title": "R", "widget": "stat", "path": "api.rpm"},
                {"key": "err", "title": "E", "widget": "stat", "path": "api.errors"},
                {"key": "far", "title": "F", "widget": "stat", "path": "x", "url": "http://127.0.0.1:9/x.json"}
              ]}
            ]}]}
            """
        let (_, warnings) = try FolioConfiguration.parseReportingWarnings(
            Array(text.utf8), file: "dash.json", directory: templates.path, templatesDirectory: templates.path
        )
        let found = warnings.map(\.description)
        #expect(found.contains { $0.hasPrefix("dash.json:3:13: ") && $0.contains("badge 'alerts.opne'") })
        #expect(
            found.contains {
                $0.hasPrefix("dash.json:6:5: ") && $0.contains("path 'api.errors' of tile 'err'")
            })
        #expect(found.count == 2, "the tile of a URL is not judged, the right paths are not: \(found)")
    }
}
