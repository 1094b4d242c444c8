import FolioCore
import Testing

/// Bar lengths resolve to pixels and render as the CSS the pager stylesheet uses.
@Suite struct BarLengthTests {
    @Test func resolvesAgainstABarWidth() {
        let length = BarLength(fraction: 0.5, pixels: -14)
        #expect(length.resolved(barWidth: 375) == 173.5)
        #expect(BarLength.px(96).resolved(barWidth: 1000) == 96)
    }

    @Test(arguments: [
        (BarLength(fraction: 0.1, pixels: -14), "calc(10% - 14px)"),
        (BarLength(fraction: 0.5, pixels: 2.25), "calc(50% + 2.25px)"),
        (BarLength(fraction: 0.2), "20%"),
        (BarLength(fraction: 1.0 / 3), "33.3333%"),
        (BarLength.px(14), "14px"),
        (BarLength.px(39.54719), "39.5472px"),
        (BarLength.px(-0.00001), "0px"),
        (BarLength.zero, "0px"),
        (BarLength.px(.nan), "0px"),
    ])
    func rendersAsCSS(length: BarLength, css: String) {
        #expect(length.css == css)
    }

    @Test func arithmeticIsPartByPart() {
        let sum = BarLength(fraction: 0.2, pixels: 10) + BarLength(fraction: 0.1, pixels: -4)
        #expect(sum == BarLength(fraction: 0.30000000000000004, pixels: 6))
        #expect(BarLength(fraction: 0.4, pixels: 8) * 0.5 == BarLength(fraction: 0.2, pixels: 4))
        #expect(BarLength.px(10) - .px(4) == .px(6))
    }
}
