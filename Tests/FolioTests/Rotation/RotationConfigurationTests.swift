import Testing

@testable import Folio

/// `"rotate"` on a pager and `"playlists"`: read, and judged with the
/// position of each problem.
@Suite struct RotationConfigurationTests: ParsesConfigurations {
    let templates: TemporaryFolder

    init() throws {
        templates = try TemporaryFolder()
        try templates.write("content/mine.html", "<p tal:content=\"page/title\">x</p>")
    }

    var configurationFolder: String { templates.path }
    var templatesFolder: String { templates.path }

    func configurationText(_ text: String) -> String {
        """
        {"pagers": [
          {"key": "ops", "title": "Ops", "rotate": 20,
           "pages": [{"key": "a", "title": "A", "template": "content/mine.html"}]},
          {"key": "db", "title": "DB",
           "pages": [{"key": "b", "title": "B", "template": "content/mine.html"}]}
         ],
         "playlists": \(text)}
        """
    }

    @Test func aPagersRotationAndThePlaylistsAreRead() throws {
        let configuration = try parse(
            #"{"wall": [{"pager": "ops", "seconds": 30}, {"pager": "db", "seconds": 20, "rotate": 5}]}"#)
        #expect(configuration.pager("ops")?.rotate == 20)
        #expect(configuration.pager("db")?.rotate == nil)
        #expect(
            configuration.playlists == [
                PlaylistConfiguration(
                    name: "wall",
                    entries: [
                        PlaylistEntry(pager: "ops", seconds: 30),
                        PlaylistEntry(pager: "db", seconds: 20, rotate: 5),
                    ])
            ])
    }

    @Test func anUnknownPagerATooShortTimeAndABadNameAreNamedWhereTheyAre() {
        let found = problems(
            #"{"wall": [{"pager": "opz", "seconds": 0.5}], "my wall": [{"pager": "ops", "seconds": 10}]}"#)
        #expect(
            found == [
                "dash.json:7:35: playlist 'wall' names no pager 'opz' (pagers: db, ops)",
                "dash.json:7:53: 'seconds' must be between 1 and 86400",
                "dash.json:7:60: key 'my wall' must be 1 to 64 letters, digits, '-' or '_'",
            ])
    }

    @Test func anEntryNeedsItsSecondsAndAPlaylistAnEntry() {
        #expect(
            problems(#"{"wall": [{"pager": "ops"}], "empty": []}"#) == [
                "dash.json:7:26: missing required key 'seconds' in an entry of playlist 'wall'",
                "dash.json:7:44: playlist 'empty' must list at least one pager",
            ])
    }
}
