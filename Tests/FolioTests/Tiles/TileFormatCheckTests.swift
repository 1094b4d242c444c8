import FolioCore
import Foundation
import Testing

@testable import Folio

/// `folio check` finds a tile's bad format or level spec at its character.
@Suite struct TileFormatCheckTests {
    func problems(_ tiles: String) -> [String] {
        let json = """
            {"title": "Ops", "formats": {"rate": "percent.1"}, "levels": {"cpu": "warning=0.8"},
            "pagers": [{"key": "ops", "title": "Ops", "pages": [{"key": "p", "title": "P", "data": {"a": 1, "b": 2, "c": []},
            "tiles": [
            \(tiles)
            ]}]}]}
            """
        do {
            _ = try FolioConfiguration.parse(
                Array(json.utf8), file: "dash.json", directory: "/tmp", templatesDirectory: nil)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func namedAndBuiltInSpecsAreAccepted() {
        #expect(
            problems(
                """
                {"key": "a", "title": "A", "widget": "stat", "path": "a", "format": "rate", "levels": "cpu"},
                {"key": "b", "title": "B", "widget": "stat", "path": "b", "format": "compact.1",
                 "levels": "warning=70,critical=90"},
                {"key": "c", "title": "C", "widget": "table", "path": "c",
                 "columns": [{"key": "size", "format": "bytes"}]}
                """
            ).isEmpty)
    }

    @Test func aBadSpecIsReportedAtItsCharacter() {
        let found = problems(
            """
            {"key": "a", "title": "A", "widget": "stat", "path": "a", "format": "compact.x"},
            {"key": "b", "title": "B", "widget": "stat", "path": "b", "levels": "warning=high"},
            {"key": "c", "title": "C", "widget": "table", "path": "c", "columns": [{"key": "s", "format": "byts"}]}
            """)
        // Each at the character that goes wrong: the 'x', the 'h' of 'high', the start of 'byts'.
        #expect(found.count == 3, "\(found.joined(separator: "\n"))")
        #expect(found.contains { $0.hasPrefix("dash.json:4:78: ") && $0.contains("tile 'a'") })
        #expect(found.contains { $0.hasPrefix("dash.json:5:78: ") && $0.contains("the levels of tile 'b'") })
        #expect(found.contains { $0.hasPrefix("dash.json:6:96: ") && $0.contains("column 's' of tile 'c'") })
        #expect(found.allSatisfy { $0.contains("(the configuration names: ") })
    }
}
