import FolioHTTP
import FolioSync
import Foundation
import Testing

@testable import Folio

/// `FolioApp.reload()`: a good edit of the configuration file is served
/// from the next request on, a bad one leaves the old dashboard serving
/// and says where it is wrong, and a request under way finishes on the
/// generation it began with.
@Suite struct ReloadTests {
    /// The templates and public folder of `AppTests`.
    let fixture: AppTests
    let file: String

    init() throws {
        fixture = try AppTests()
        try fixture.folder.write("a.json", #"{"heading": "from a file"}"#)
        file = try fixture.folder.write("folio.json", Self.configuration(["a": "Alpha", "b": "Beta"]))
    }

    /// Pager `p` with `pages` (key: title) in that order, each showing `a.json`.
    static func configuration(_ pages: KeyValuePairs<String, String>) -> String {
        let listed = pages.map {
            #"{"key": "\#($0.key)", "title": "\#($0.value)", "template": "content/c.html", "dataFile": "a.json"}"#
        }
        return #"{"title": "Reloads", "pagers": [{"key": "p", "title": "Pager", "pages": ["#
            + listed.joined(separator: ",\n") + "]}]}"
    }

    func launch() throws -> FolioApp {
        let options = FolioAppOptions(
            templatesDirectory: fixture.folder.path + "/templates",
            publicDirectory: fixture.folder.path + "/public")
        return try FolioApp.launch(configurationFile: file, options: options, state: .memory)
    }

    /// The tab titles of `/p` as a new visitor gets them.
    func titles(_ app: FolioApp) -> [String] {
        let html = fixture.body(fixture.get(app, "/p"))
        return html.components(separatedBy: "<button").dropFirst().compactMap { tab in
            tab.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first.map(String.init)
        }
    }

    func health(_ app: FolioApp) -> HTTPResponse { fixture.get(app, "/healthz") }

    @Test func anEditAddingRemovingAndReorderingPagesIsServedAfterTheReload() throws {
        let app = try launch()
        #expect(titles(app) == ["Alpha", "Beta"])
        #expect(health(app).headers["Folio-Generation"] == "1")
        try fixture.folder.write("folio.json", Self.configuration(["c": "Gamma", "a": "Alpha"]))
        #expect(try app.reload() == 2)
        #expect(titles(app) == ["Gamma", "Alpha"])
        #expect(fixture.get(app, "/p/b").status == .notFound)
        #expect(app.configuration.pagers[0].pages.map(\.key) == ["c", "a"])
        let answer = health(app)
        #expect(fixture.body(answer) == "ok\n")
        #expect(answer.headers["Folio-Generation"] == "2")
        #expect(answer.headers["Folio-Reload-Error"] == nil)
    }

    @Test func aBrokenEditKeepsTheOldDashboardAndNamesTheLine() throws {
        let app = try launch()
        try fixture.folder.write(
            "folio.json", "{\"title\": \"Reloads\",\n  \"pagers\": [\n    {\"key\": \"p\",, }]}")
        #expect(throws: ConfigurationError.self) { try app.reload() }
        do { try app.reload() } catch { #expect("\(error)".contains(file + ":3:")) }
        #expect(titles(app) == ["Alpha", "Beta"])
        let answer = health(app)
        #expect(answer.headers["Folio-Generation"] == "1")
        // Named without its folder: anyone who reaches /healthz reads it.
        #expect(answer.headers["Folio-Reload-Error"]?.hasPrefix("folio.json:3:") == true)
        #expect(answer.headers["Folio-Reload-Error"]?.contains(fixture.folder.path) == false)
        // A page whose template is missing is refused too, by folio check's rules.
        try fixture.folder.write(
            "folio.json",
            Self.configuration(["a": "Alpha"]).replacingOccurrences(of: "content/c.html", with: "gone.html"))
        #expect(throws: ConfigurationError.self) { try app.reload() }
        #expect(titles(app) == ["Alpha", "Beta"])
        try fixture.folder.write("folio.json", Self.configuration(["a": "Alpha"]))
        #expect(try app.reload() == 2)
        #expect(health(app).headers["Folio-Reload-Error"] == nil)
    }

    @Test func aRequestThatBeganBeforeTheReloadFinishesOnItsGeneration() throws {
        let app = try launch()
        // The first view of a page from a data file waits on a worker for the file.
        let disposition = app.disposition(for: HTTPRequest(method: .get, target: "/p/b", headers: [:]))
        guard case .blocking = disposition else {
            Issue.record("a first view of a data file's page should wait for the file")
            return
        }
        try fixture.folder.write("folio.json", Self.configuration(["a": "Alpha"]))
        try app.reload()
        let answer = disposition.response()
        #expect(answer.status == .ok)
        #expect(fixture.body(answer).contains("Beta"))
        #expect(fixture.get(app, "/p/b").status == .notFound)
    }

    @Test func anOpenEventStreamIsToldOfTheReloadAndEnded() throws {
        try fixture.folder.write(
            "folio.json",
            Self.configuration(["a": "Alpha"]).replacingOccurrences(
                of: #""dataFile": "a.json""#, with: #""dataFile": "a.json", "refreshSeconds": 60"#))
        let app = try launch()
        guard let channel = app.site.live.channel(app.configuration.pagers[0]) else {
            Issue.record("a pager with a refreshing page has a channel")
            return
        }
        let tab = EndRecordingSink()
        _ = channel.subscribe(tab, pages: ["a"], seen: 0)
        try app.reload()
        #expect(tab.received.contains("event: reload\ndata: {\"generation\":2}\n\n"))
        #expect(tab.finished)
        // A tab that reaches the old channel after the reload is sent on at once.
        let late = EndRecordingSink()
        _ = channel.subscribe(late, pages: ["a"], seen: 0)
        #expect(late.received.contains("event: reload"))
        #expect(late.finished)
    }
}

/// A tab's stream: what it was sent, and whether it was ended.
private final class EndRecordingSink: LiveSink {
    private let state = LockedValue((sent: "", finished: false))

    func send(_ bytes: [UInt8]) -> Bool {
        state.withLock { $0.sent += String(decoding: bytes, as: UTF8.self) }
        return true
    }

    func finish() { state.withLock { $0.finished = true } }
    var received: String { state.withLock { $0.sent } }
    var finished: Bool { state.withLock { $0.finished } }
}
