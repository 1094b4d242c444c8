import FolioCore
import FolioText
import Testing

@testable import Folio

/// `folio check`'s warning for titles that do not fit an equal tab on a
/// 390 px phone (issue 26, item 5): before it, five long titles overflowed
/// their tabs with no word from the check.
@Suite struct TitleFitTests {
    /// Every character 10 px wide at any size: widths a test can count.
    struct TenPixelsACharacter: TextMeasuring {
        func width(of text: String, fontSize: Double) -> Double { Double(text.count) * 10 }
        var measuresKerning: Bool { false }
    }

    func pager(_ titles: [String], layout: TitleBarLayout = .equal) -> FolioConfiguration {
        var pager = PagerConfiguration(
            key: "ops", title: "Ops",
            pages: titles.enumerated().map { PageConfiguration(key: "p\($0)", title: $1, template: "x.html") }
        )
        pager.layout = layout
        return FolioConfiguration(title: "Ops", pagers: [pager])
    }

    @Test func aTitleWiderThanItsEqualTabOnAPhoneIsAWarning() {
        // Five tabs: 390 / 5 = 78 px, less 8 px beside the label = 70 px.
        let found = pager(["Deployments", "Alerts", "Seven c", "Eight ch", "Up"])
            .titleFitProblems(measurer: TenPixelsACharacter())
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(
            found.map(\.description) == [
                "<memory>: pagers[0].pages[0].title: warning: title 'Deployments' is 110 px wide, over the 70 px "
                    + "an equal tab leaves it on a 390 px phone (5 tabs): it is cut short with an ellipsis; "
                    + "shorten it, or use layout {\"fit\": 12} so the bar scrolls",
                "<memory>: pagers[0].pages[3].title: warning: title 'Eight ch' is 80 px wide, over the 70 px "
                    + "an equal tab leaves it on a 390 px phone (5 tabs): it is cut short with an ellipsis; "
                    + "shorten it, or use layout {\"fit\": 12} so the bar scrolls",
            ])
    }

    @Test func fittingTitlesAndScrollingLayoutsAreNotWarned() {
        #expect(
            pager(["全部", "视频", "声音", "图片", "段子"]).titleFitProblems(measurer: TenPixelsACharacter()).isEmpty)
        #expect(
            pager(["Deployments"], layout: .fit(padding: 12)).titleFitProblems(
                measurer: TenPixelsACharacter()
            ).isEmpty)
    }

    @Test func theDemosTitlesFitWithFoliosOwnFonts() throws {
        let fonts = try FontMeasurer.standard(publicDirectory: FolioPaths.builtInPublicDirectory)
        let demo = try FolioConfiguration.load(
            file: FolioPaths.demoConfigurationFile, templatesDirectory: nil)
        #expect(demo.titleFitProblems(measurer: fonts).isEmpty)
        // The trial's long English titles do not.
        let long = pager([
            "Deployments today", "Incidents this week", "Requests per minute", "Error budget", "On call",
        ])
        #expect(long.titleFitProblems(measurer: fonts).count >= 3)
    }
}
