import Foundation
import Testing

@testable import FolioText

/// Text shaped with HarfBuzz measures what Chromium draws.
struct ShapingTests {
    /// Widths in ems that Chromium 156 drew at 100 px, with the page's CSS
    /// (`font-kerning: auto`) and the same files: DejaVu Sans, Noto Sans
    /// Devanagari and Thai by `unicode-range`, Noto Sans CJK SC, Noto Color
    /// Emoji. Measured with `Range.getBoundingClientRect()`, whose 1/64 px
    /// layout units explain the last digits.
    static let chromiumEms: [(String, Double)] = [
        ("AVATAR Wave", 6.82141), ("مرحبا", 2.31203), ("الأخبار العاجلة", 5.72859),
        ("لوحة المعلومات", 6.56594), ("שלום עולם", 4.66125), ("नमस्ते दुनिया", 4.60297), ("हिन्दी", 1.87813),
        ("สวัสดีชาวโลก", 5.16906), ("ภาษาไทย", 3.56203), ("😀", 1.0425), ("🎉", 1.25), ("👍🏽", 1.25),
        ("👨‍👩‍👧", 1.25), ("🇯🇵", 1.25), ("❤️", 1.25), ("❤", 0.83797), ("Office", 2.91906), ("推荐 Tab", 4.01078),
    ]

    static let hasEmojiFont = FileManager.default.fileExists(
        atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    static func shaped() throws -> FontMeasurer {
        try FontMeasurer.standard(publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: nil)
    }

    @Test func theSystemHarfBuzzIsLoadedAndKerningIsOn() throws {
        let measurer = try Self.shaped()
        guard case .harfBuzz(let version) = measurer.shaping else {
            Issue.record("not shaped: \(measurer.shaping)")
            return
        }
        #expect(version.split(separator: ".").count == 3)
        #expect(measurer.measuresKerning)
        #expect(
            measurer.scriptFontFiles.map { ($0 as NSString).lastPathComponent }
                == ScriptFont.all.map(\.fileName))
    }

    @Test(
        .enabled(if: Fixtures.hasNotoCJK && hasEmojiFont, "needs fonts-noto-cjk and fonts-noto-color-emoji"))
    func widthsAgreeWithChromiumForEveryScript() throws {
        let measurer = try Self.shaped()
        for (text, ems) in Self.chromiumEms {
            let width = measurer.width(of: text, fontSize: 100) / 100
            #expect(abs(width - ems) < 0.0005, "\(text): \(width) em, Chromium \(ems) em")
        }
    }

    @Test(.enabled(if: hasEmojiFont, "needs fonts-noto-color-emoji"))
    func colourEmojiAreRoundedToWholePixelsAsChromiumDrawsThem() throws {
        let measurer = try Self.shaped()
        // Chromium at 13, 14, 15 and 17 px: 2550/2048 em rounded.
        for (size, pixels) in [(13.0, 16.0), (14, 17), (15, 19), (17, 21)] {
            #expect(measurer.width(of: "🎉", fontSize: size) == pixels)
            #expect(measurer.width(of: "🎉🎉", fontSize: size) == 2 * pixels)
        }
    }

    @Test func shapedArabicIsNarrowerThanItsUnjoinedLetters() throws {
        let summed = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "off")
        let shaped = try Self.shaped()
        let text = "الأخبار العاجلة"
        #expect(shaped.width(of: text, fontSize: 15) < summed.width(of: text, fontSize: 15) * 0.9)
    }

    @Test func offSumsAdvancesWithoutKerning() throws {
        let measurer = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "off")
        #expect(measurer.shaping == .summedAdvances(.turnedOff))
        #expect(!measurer.measuresKerning)
        #expect(measurer.emojiFontFile == nil)
        #expect(agree(measurer.width(of: "AVATAR Wave", fontSize: 14), 100.358398))
    }

    @Test func aLibraryThatDoesNotLoadFallsBackAndSaysWhy() throws {
        let measurer = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "/nonexistent/libharfbuzz.so.0")
        guard case .summedAdvances(.notLoaded(let reasons)) = measurer.shaping else {
            Issue.record("expected a fallback, got \(measurer.shaping)")
            return
        }
        #expect(reasons.count == 1 && reasons[0].contains("/nonexistent/libharfbuzz.so.0"))
        #expect(
            measurer.shaping.description.hasPrefix(
                "summed advances without kerning (HarfBuzz could not be loaded"))
    }

    @Test func aLibraryWithoutHarfBuzzsFunctionsIsRefused() throws {
        let measurer = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "libz.so.1")
        #expect(
            measurer.shaping
                == .summedAdvances(.notLoaded(reasons: ["libz.so.1: it has no hb_version_string"])))
    }

    @Test func summingUsesTheScriptFontsInsteadOfBoxes() throws {
        let withScripts = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "off")
        let plain = try Fixtures.withoutCJKFont()
        #expect(withScripts.scriptFontFiles.count == 2)
        #expect(withScripts.width(of: "ภาษาไทย", fontSize: 15) != plain.width(of: "ภาษาไทย", fontSize: 15))
    }

    @Test func theStylesheetGivesTheScriptFontsTheSameRanges() throws {
        let css = try String(contentsOfFile: Fixtures.publicDirectory + "/folio.css", encoding: .utf8)
        for font in ScriptFont.all {
            let ranges = font.ranges.map { range in
                range.lowerBound == range.upperBound
                    ? String(format: "U+%04X", range.lowerBound)
                    : String(format: "U+%04X-%04X", range.lowerBound, range.upperBound)
            }
            let rule =
                "src: url(\"fonts/\(font.fileName)\") format(\"truetype\");\n  unicode-range: "
                + ranges.joined(separator: ", ") + ";"
            #expect(css.contains(rule), "folio.css lacks \(rule)")
        }
    }
}

/// How text is cut into runs before shaping.
struct TextRunTests {
    /// Latin is font 0, Hebrew font 1, everything else font 2.
    static func font(_ cluster: Character) -> Int {
        guard let first = cluster.unicodeScalars.first else { return 0 }
        if first.isASCII { return 0 }
        return (0x0590...0x05FF).contains(first.value) ? 1 : 2
    }

    static func script(_ scalar: Unicode.Scalar) -> UInt32? {
        if ("a"..."z").contains(scalar) { return HarfBuzz.tag("Latn") }
        if (0x0590...0x05FF).contains(scalar.value) { return HarfBuzz.tag("Hebr") }
        return nil
    }

    @Test func neutralCharactersJoinTheRunAroundThem() {
        let runs = TextRun.split("ab, cd", fontIndex: Self.font, script: Self.script)
        #expect(
            runs == [
                TextRun(
                    fontIndex: 0, script: HarfBuzz.tag("Latn"),
                    scalars: Array("ab, cd".unicodeScalars.map(\.value)))
            ])
    }

    @Test func aNewFontOrScriptStartsARun() {
        let runs = TextRun.split("ab שלום", fontIndex: Self.font, script: Self.script)
        #expect(runs.map(\.fontIndex) == [0, 1])
        #expect(runs.map(\.script) == [HarfBuzz.tag("Latn"), HarfBuzz.tag("Hebr")])
        #expect(runs[0].scalars.count == 3)
    }

    @Test func aClusterStaysWhole() {
        let runs = TextRun.split("a👍🏽", fontIndex: Self.font, script: Self.script)
        #expect(runs.count == 2 && runs[1].scalars == [0x1F44D, 0x1F3FD])
    }
}
