import Testing

@testable import FolioText

/// Widths from DejaVu Sans and Noto Sans CJK agree with fontTools' numbers.
@Suite("Widths with the CJK font", .enabled(if: Fixtures.hasNotoCJK, "needs fonts-noto-cjk"))
struct FontMeasurerWidthTests {
    let measurer: FontMeasurer

    init() throws {
        measurer = try Fixtures.withCJKFont()
    }

    @Test(arguments: ExpectedWidths.latin)
    func latinTextMeasuresTheSumOfDejaVuAdvances(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test(arguments: ExpectedWidths.cjk)
    func chineseTitlesMeasureTheirNotoAdvances(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test(arguments: ExpectedWidths.mixed)
    func mixedTextTakesLatinFromDejaVuAndHanFromNoto(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test(arguments: ExpectedWidths.edges)
    func kanaHangulMarksAndUnknownCharactersFollowTheRule(text: String, expected: Double) {
        let width = measurer.width(of: text, fontSize: ExpectedWidths.fontSize)
        #expect(agree(width, expected), "\(text): \(width) vs \(expected)")
    }

    @Test func theSimplifiedChineseFaceOfTheCollectionIsUsed() {
        #expect(measurer.cjkFontFile == Fixtures.notoCJK)
        #expect(measurer.cjkFamilyName == "Noto Sans CJK SC")
    }

    @Test func widthScalesLinearlyWithFontSize() {
        let at14 = measurer.width(of: "AVATAR 头条 Wave", fontSize: 14)
        let at28 = measurer.width(of: "AVATAR 头条 Wave", fontSize: 28)
        let at10 = measurer.width(of: "AVATAR 头条 Wave", fontSize: 10.5)
        #expect(agree(at28, 2 * at14))
        #expect(agree(at10, at14 * 0.75))
    }

    @Test func aSeedTitleIsOneEmPerIdeographAtAnySize() {
        #expect(measurer.width(of: "控制器一", fontSize: 17) == 68)
    }
}
