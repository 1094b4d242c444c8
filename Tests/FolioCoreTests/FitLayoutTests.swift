import FolioCore
import Testing

/// `fit`: each tab is its text plus padding on both sides; when the tabs
/// overflow the viewport the bar scrolls so the selected tab is in view,
/// centred where possible.
@Suite struct FitLayoutTests {
    // Widths with FakeMeasurer at 14 px: 28, 42, 14, 56, 28 -> tabs of 60, 74, 46, 88, 60 with 16 px padding.
    let titles = ["全部", "短视频", "音", "热门图片", "段子"]

    func geometry(selecting index: Int, viewport: Double?, style: TitleStyle = .underline) -> TitleBarGeometry
    {
        TitleBar.geometry(
            titles: titles, layout: .fit(padding: 16), style: style, fontSize: 14, selectedIndex: index,
            viewportWidth: viewport, measurer: FakeMeasurer())
    }

    @Test func tabsAreTextPlusTwicePaddingLaidEndToEnd() {
        let bar = geometry(selecting: 0, viewport: nil)
        #expect(bar.tabs.map(\.left) == [.px(0), .px(60), .px(134), .px(180), .px(268)])
        #expect(bar.tabs.map(\.width) == [.px(60), .px(74), .px(46), .px(88), .px(60)])
        #expect(bar.contentWidth == .px(328))
    }

    @Test func theUnderlineSitsOverTheTextInsideThePadding() {
        let bar = geometry(selecting: 3, viewport: nil)
        #expect(bar.indicator == IndicatorGeometry(left: .px(196), width: .px(56)))
        #expect(geometry(selecting: 3, viewport: nil, style: .segmented).indicator.width == .px(88))
    }

    @Test func tabsThatFitTheViewportDoNotScroll() {
        #expect(geometry(selecting: 4, viewport: 328).scrollOffset == 0)
        #expect(geometry(selecting: 4, viewport: nil).scrollOffset == 0)
    }

    @Test func overflowCentresTheSelectedTabWherePossible() {
        // Viewport 150 px over 328 px of tabs: offsets are clamped to [0, 178].
        #expect(geometry(selecting: 0, viewport: 150).scrollOffset == 0)  // centring would be -45
        #expect(geometry(selecting: 2, viewport: 150).scrollOffset == 157 - 75)  // tab centre 157
        #expect(geometry(selecting: 3, viewport: 150).scrollOffset == 224 - 75)  // tab centre 224
        #expect(geometry(selecting: 4, viewport: 150).scrollOffset == 178)  // centring would be 223
    }

    @Test func theSelectedTabIsAlwaysFullyInViewWhenItFits() {
        for viewport in stride(from: 90.0, through: 400, by: 7) {
            for index in titles.indices {
                let bar = geometry(selecting: index, viewport: viewport)
                let tab = bar.tabs[index]
                #expect(tab.left.pixels >= bar.scrollOffset - 1e-9)
                #expect(tab.left.pixels + tab.width.pixels <= bar.scrollOffset + viewport + 1e-9)
            }
        }
    }
}
