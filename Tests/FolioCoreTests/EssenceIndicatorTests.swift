import FolioCore
import Testing

/// Seed 001: five equal tabs; the red indicator is as wide as the selected
/// title's text and centred under its button.
@Suite struct EssenceIndicatorTests {
    let measurer = FakeMeasurer()

    func geometry(selecting index: Int, titles: [String] = Essence.titles) -> TitleBarGeometry {
        TitleBar.geometry(
            titles: titles, layout: .equal, style: .underline, fontSize: 14, selectedIndex: index,
            viewportWidth: 375, measurer: measurer)
    }

    @Test(arguments: 0..<5)
    func indicatorIsAsWideAsTheSelectedTitleAndCentredUnderItsTab(index: Int) {
        let bar = geometry(selecting: index)
        #expect(bar.indicator.width == .px(28))  // 全部, 视频, ... are two ideographs at 14 px
        for barWidth in [320.0, 375, 1024] {
            let tabCentre = (Double(index) + 0.5) * barWidth / 5
            let indicatorCentre = bar.indicator.centre.resolved(barWidth: barWidth)
            #expect(abs(indicatorCentre - tabCentre) < 1e-9)
            #expect(abs(bar.indicator.left.resolved(barWidth: barWidth) - (tabCentre - 14)) < 1e-9)
        }
    }

    @Test func tabsShareTheBarEqually() {
        let bar = geometry(selecting: 0)
        #expect(bar.tabs.map(\.left.fraction) == [0, 0.2, 0.4, 0.6, 0.8])
        #expect(bar.tabs.allSatisfy { $0.width == BarLength(fraction: 0.2) && $0.labelWidth == 28 })
        #expect(bar.contentWidth == BarLength(fraction: 1))
        #expect(bar.scrollOffset == 0)
    }

    @Test func indicatorRendersAsCalcOfTheBarWidth() {
        #expect(geometry(selecting: 0).indicator.left.css == "calc(10% - 14px)")
        #expect(geometry(selecting: 2).indicator.left.css == "calc(50% - 14px)")
        #expect(geometry(selecting: 4).indicator.left.css == "calc(90% - 14px)")
        #expect(geometry(selecting: 2).indicator.width.css == "28px")
    }

    @Test func indicatorWidthFollowsEachTitlesOwnText() {
        let titles = ["All", "Video", "全部视频"]
        let widths = [21.0, 35, 56]
        for index in titles.indices {
            let bar = geometry(selecting: index, titles: titles)
            #expect(bar.indicator.width == .px(widths[index]))
            #expect(bar.indicator.centre == bar.tabs[index].centre)
        }
    }

    @Test func segmentedStyleMarksTheWholeTab() {
        let bar = TitleBar.geometry(
            titles: Essence.titles, layout: .equal, style: .segmented, fontSize: 14, selectedIndex: 3,
            viewportWidth: nil, measurer: measurer)
        #expect(bar.indicator == IndicatorGeometry(left: bar.tabs[3].left, width: bar.tabs[3].width))
        #expect(bar.indicator.width.css == "20%")
    }

    @Test func selectedIndexOutsideTheTitlesIsClampedNotTrapped() {
        #expect(geometry(selecting: 9).indicator == geometry(selecting: 4).indicator)
        #expect(geometry(selecting: -1).indicator == geometry(selecting: 0).indicator)
        let empty = geometry(selecting: 0, titles: [])
        #expect(empty.tabs.isEmpty && empty.indicator.width == .zero)
    }

    @Test func geometryFollowsTheStateSelection() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 3))
        let bar = geometry(selecting: state.selectedIndex)
        #expect(bar.indicator.left.css == "calc(70% - 14px)")
    }
}
