import Testing

@testable import FolioText

/// Without a CJK font, wide scalars measure 1 em and others the `.notdef` box.
struct FontMeasurerFallbackTests {
    let measurer: FontMeasurer

    init() throws {
        measurer = try Fixtures.withoutCJKFont()
    }

    @Test(arguments: ExpectedWidths.fallback)
    func missingScalarsMeasureOneEmWhenWideElseNotdef(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test(arguments: ExpectedWidths.latin)
    func latinTextIsTheSameWithoutTheCJKFont(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test func noCJKFontIsReported() {
        #expect(measurer.cjkFontFile == nil)
        #expect(measurer.cjkFamilyName == nil)
    }

    @Test func emptyTextAndUnusableSizesMeasureZero() {
        #expect(measurer.width(of: "", fontSize: 14) == 0)
        #expect(measurer.width(of: "Video", fontSize: 0) == 0)
        #expect(measurer.width(of: "Video", fontSize: -14) == 0)
        #expect(measurer.width(of: "Video", fontSize: .nan) == 0)
        #expect(measurer.width(of: "Video", fontSize: .infinity) == 0)
    }

    @Test func zeroWidthScalarsAddNothing() {
        let plain = measurer.width(of: "ab", fontSize: 14)
        for invisible in [
            "\u{200B}", "\u{200C}", "\u{200D}", "\u{FE0F}", "\u{E0100}", "\u{00AD}", "\u{FEFF}",
        ] {
            #expect(measurer.width(of: "a\(invisible)b", fontSize: 14) == plain, "U+\(invisible)")
        }
    }
}

/// The scalar classes the fallback rule relies on.
struct ScalarWidthClassTests {
    @Test(arguments: ["全", "ひ", "カ", "한", "ㄅ", "、", "。", "　", "Ａ", "！", "￥", "𠀀", "ꀀ", "\u{2329}"])
    func cjkScalarsAreEastAsianWide(text: String) {
        let wide = text.unicodeScalars.allSatisfy(\.isEastAsianWide)
        #expect(wide, "\(text)")
    }

    @Test(arguments: ["a", "é", "ｶ", "€", "→", "😀", "\u{303F}", "\u{4DC0}", "\u{E000}"])
    func otherScalarsAreNotEastAsianWide(text: String) {
        let wide = text.unicodeScalars.contains(where: \.isEastAsianWide)
        #expect(!wide, "\(text)")
    }

    @Test(arguments: ["\u{0301}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "\u{00AD}", "\u{3099}"])
    func marksAndFormatCharactersAreZeroWidth(text: String) {
        let zeroWidth = text.unicodeScalars.allSatisfy(\.isZeroWidth)
        #expect(zeroWidth, "\(text)")
    }
}
