import Foundation
import Testing

@testable import FolioText

/// Opening fonts fails with a typed error naming the file.
struct FontErrorTests {
    @Test func aMissingFileIsReportedAsMissing() {
        let path = "/nonexistent/folio/DejaVuSans.ttf"
        #expect(throws: FontError.fileMissing(path: path)) {
            try FontMeasurer(fontFile: path)
        }
    }

    @Test func aMissingCJKFileIsReportedAsMissing() {
        let path = "/nonexistent/folio/NotoSansCJK-Regular.ttc"
        #expect(throws: FontError.fileMissing(path: path)) {
            try FontMeasurer(fontFile: Fixtures.dejaVuSans, cjkFontFile: path)
        }
    }

    @Test func aTextFileIsNotAFont() throws {
        let path = try Fixtures.temporaryFile(named: "notes.ttf", bytes: Array("not a font\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.notAFont(path: path)) {
            try FontMeasurer(fontFile: path)
        }
    }

    @Test func aDirectoryIsNotAFont() {
        #expect(throws: FontError.notAFont(path: Fixtures.publicDirectory)) {
            try FontMeasurer(fontFile: Fixtures.publicDirectory)
        }
    }

    @Test func anEmptyFileIsNotAFont() throws {
        let path = try Fixtures.temporaryFile(named: "empty.ttf", bytes: [])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) {
            try FontMeasurer(fontFile: path)
        }
    }

    @Test func aTruncatedFontIsRejected() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: Fixtures.dejaVuSans))
        let path = try Fixtures.temporaryFile(named: "truncated.ttf", bytes: Array(font.prefix(4096)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: FontError.self) {
            try FontMeasurer(fontFile: path)
        }
    }

    @Test func errorsDescribeTheFileAndTheCall() {
        #expect(FontError.fileMissing(path: "/x.ttf").description == "font file not found: /x.ttf")
        #expect(FontError.notAFont(path: "/x.ttf").description == "not a font file: /x.ttf")
        #expect(
            FontError.freeType(call: "FT_New_Face", code: 3, path: "/x.ttf").description
                == "FT_New_Face failed with FreeType error 3 for /x.ttf")
    }
}
