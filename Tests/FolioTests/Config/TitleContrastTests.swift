import Testing

@testable import Folio

/// The warning for titles that fall under WCAG AA when black content
/// scrolls under a translucent title bar (issue 15, item 6).
@Suite struct TitleContrastTests {
    func warnings(_ configure: (inout PagerConfiguration) -> Void) throws -> [String] {
        var pager = PagerConfiguration(
            key: "ops", title: "Ops",
            pages: [PageConfiguration(key: "board", title: "Board", template: "x.html")])
        configure(&pager)
        return try FolioConfiguration(title: "Ops", pagers: [pager]).validate(templates: nil).map(
            \.description)
    }

    @Test func colourFormsAreReadAsSRGB() {
        #expect(RGBAColor(css: "#fff") == RGBAColor(red: 1, green: 1, blue: 1, alpha: 1))
        #expect(RGBAColor(css: "#00000080")?.alpha == 128.0 / 255)
        #expect(
            RGBAColor(css: "rgba(255, 255, 255, 0.7)") == RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.7))
        #expect(RGBAColor(css: "rgb(100% 0% 0% / 50%)") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(RGBAColor(css: "hsl(0 100% 50%)") == nil)
        #expect(RGBAColor(css: "#12345") == nil)
    }

    @Test func contrastMatchesWCAG() throws {
        let white = try #require(RGBAColor(css: "#ffffff"))
        #expect(abs(white.contrast(with: .black) - 21) < 1e-9)
        // #767676 is the classic lightest grey at 4.5:1 on white.
        let grey = try #require(RGBAColor(css: "#767676"))
        #expect((4.54...4.55).contains(grey.contrast(with: white)))
    }

    @Test func theDefaultsAndTheDemoEssenceBarPass() throws {
        #expect(try warnings { _ in }.isEmpty)
        #expect(
            try warnings {
                $0.colors.bar = "rgba(255,255,255,0.97)"
                $0.colors.title = "#707070"
            }.isEmpty)
    }

    @Test func theSeedsTranslucentBarWarnsForBothTitles() throws {
        let found = try warnings {
            $0.colors.bar = "rgba(255,255,255,0.7)"
            $0.colors.title = "#707070"
        }
        #expect(
            found == [
                "<memory>: pagers[0].colors.title: warning: title '#707070' is 2.34:1 on the bar "
                    + "'rgba(255,255,255,0.7)' over black content, under WCAG AA's 4.5:1: content scrolls under "
                    + "the bar, so make the bar more opaque or the title darker",
                "<memory>: pagers[0].colors.selectedTitle: warning: selectedTitle '#e00000' is 2.38:1 on the bar "
                    + "'rgba(255,255,255,0.7)' over black content, under WCAG AA's 4.5:1: content scrolls under "
                    + "the bar, so make the bar more opaque or the title darker",
            ])
    }

    @Test func anOpaqueBarIsJudgedAsItIs() throws {
        let grey = try warnings { $0.colors.bar = "#aaaaaa" }  // #767676 and #e00000 on #aaa
        #expect(
            grey.count == 2
                && grey.allSatisfy { !$0.contains("black") && $0.hasSuffix("under WCAG AA's 4.5:1") })
        #expect(try warnings { $0.colors.bar = "hsl(0 0% 20%)" }.isEmpty)  // not read: not judged
    }

    @Test func aSegmentedSelectedTitleIsJudgedOnTheIndicator() throws {
        // The demo's /pageview: white on a dark blue fill passes, though white on the bar would not.
        let pageview: (inout PagerConfiguration) -> Void = {
            $0.titleStyle = .segmented
            $0.colors.bar = "rgb(179,179,204)"
            $0.colors.title = "#2a3590"
            $0.colors.selectedTitle = "#ffffff"
            $0.colors.indicator = "#2a3590"
        }
        #expect(try warnings(pageview).isEmpty)
        let found = try warnings {
            pageview(&$0)
            $0.colors.indicator = "#9999cc"
        }
        #expect(
            found.count == 1 && found[0].contains("selectedTitle '#ffffff'")
                && found[0].contains("the indicator"))
    }

    @Test func aSegmentedPagersDarkDefaultsKeepTheSelectedTitleReadableOnItsFill() throws {
        // The trial's /pageview in dark mode: the selected title was the indicator's own red (1:1).
        var pager = PagerConfiguration(
            key: "pageview", title: "Page view",
            pages: [PageConfiguration(key: "follow", title: "Follow", template: "x.html")])
        pager.titleStyle = .segmented
        let dark = pager.darkColors
        let bar = try #require(RGBAColor(css: dark.bar))
        let fill = try #require(RGBAColor(css: dark.indicator)).over(bar)
        let selected = try #require(RGBAColor(css: dark.selectedTitle))
        #expect(selected.contrast(with: fill) >= 4.5)
        #expect(try warnings { $0.titleStyle = .segmented }.isEmpty)
        // An underline pager keeps the red title on the dark bar.
        pager.titleStyle = .underline
        #expect(pager.darkColors == .dark)
    }

    @Test func anUnreadableDarkTitleIsAWarningNamingDarkMode() throws {
        let found = try warnings {
            $0.titleStyle = .segmented
            $0.darkColors.selectedTitle = "#ff6b6b"
            $0.darkColors.title = "#3a3a3a"
        }
        #expect(
            found == [
                "<memory>: pagers[0].colors.dark.title: warning: title '#3a3a3a' is 1.49:1 on the bar "
                    + "'#1c1c1e' in dark mode, under WCAG AA's 4.5:1",
                "<memory>: pagers[0].colors.dark.selectedTitle: warning: selectedTitle '#ff6b6b' is 1.0:1 on "
                    + "the indicator '#ff6b6b' in dark mode, under WCAG AA's 4.5:1",
            ])
    }
}
