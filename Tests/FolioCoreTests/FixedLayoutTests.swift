import FolioCore
import Testing

/// Seed 004: every tab has the data source's single title width, and the
/// bar is count x that width.
@Suite struct FixedLayoutTests {
    let titles = ["控制器一", "控制器二", "控制器三"]

    func geometry(
        selecting index: Int, titles: [String]? = nil, style: TitleStyle = .underline, viewport: Double? = nil
    ) -> TitleBarGeometry {
        TitleBar.geometry(
            titles: titles ?? self.titles, layout: .fixed(width: 96), style: style, fontSize: 14,
            selectedIndex: index, viewportWidth: viewport, measurer: FakeMeasurer())
    }

    @Test func tabsAreTheSingleWidthEndToEnd() {
        let bar = geometry(selecting: 0)
        #expect(bar.tabs.map(\.left) == [.px(0), .px(96), .px(192)])
        #expect(bar.tabs.allSatisfy { $0.width == .px(96) && $0.labelWidth == 56 })
        #expect(bar.contentWidth == .px(288))
        #expect(bar.contentWidth.css == "288px")
    }

    @Test(arguments: 0..<3)
    func underlineIsTheTextWidthCentredInTheTab(index: Int) {
        let bar = geometry(selecting: index)
        #expect(bar.indicator.width == .px(56))
        #expect(bar.indicator.left == .px(Double(index) * 96 + 20))
    }

    @Test func segmentedMarksTheWholeTab() {
        let bar = geometry(selecting: 1, style: .segmented)
        #expect(bar.indicator == IndicatorGeometry(left: .px(96), width: .px(96)))
    }

    @Test func aBarThatFitsTheViewportDoesNotScroll() {
        #expect(geometry(selecting: 2, viewport: 375).scrollOffset == 0)
    }

    @Test func anOverflowingBarScrollsTheSelectedTabToTheCentre() {
        let many = (1...8).map { "标签\($0)" }  // 8 x 96 = 768 px in a 375 px viewport
        #expect(geometry(selecting: 0, titles: many, viewport: 375).scrollOffset == 0)
        #expect(geometry(selecting: 4, titles: many, viewport: 375).scrollOffset == 4 * 96 + 48 - 187.5)
        #expect(geometry(selecting: 7, titles: many, viewport: 375).scrollOffset == 768 - 375)
    }

    @Test func negativeOrNonFiniteWidthsCountAsZero() {
        for width in [-96.0, .nan, .infinity] {
            let bar = TitleBar.geometry(
                titles: titles, layout: .fixed(width: width), style: .segmented, fontSize: 14,
                selectedIndex: 1,
                viewportWidth: 375, measurer: FakeMeasurer())
            #expect(bar.contentWidth == .zero)
            #expect(bar.scrollOffset == 0)
        }
    }
}
