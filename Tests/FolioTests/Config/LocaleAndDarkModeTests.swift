import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// `lang`, `dir` and the dark colours: read, judged, written into
/// `pager.css`, and the real templates (`Templates/`) following them.
@Suite struct LocaleAndDarkModeTests: ParsesConfigurations {
    let folder: TemporaryFolder
    /// The package's own `Templates/` and `Public/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/c.html", "<p tal:content=\"page/title\">c</p>")
    }

    var configurationFolder: String { folder.path }
    var templatesFolder: String { folder.path }

    /// A configuration of one pager `p` with one page; `dashboard` and
    /// `pager` are extra members (with a trailing comma).
    func config(dashboard: String = "", pager: String = "") -> String {
        """
        {\(dashboard) "pagers": [{"key": "p", "title": "P", \(pager)
          "pages": [{"key": "a", "title": "A", "template": "content/c.html"}]}]}
        """
    }

    @Test func languageDefaultsToEnglishDirectionToLeftToRightAndBothAreRead() throws {
        let plain = try parse(config())
        #expect(plain.lang == "en" && plain.dir == .ltr)
        #expect(plain.pagers[0].lang == nil && plain.pagers[0].dir == nil)
        let set = try parse(
            config(dashboard: #""lang": "ar-EG", "dir": "rtl","#, pager: #""lang": "en", "dir": "auto","#))
        #expect(set.lang == "ar-EG" && set.dir == .rtl)
        #expect(set.pagers[0].lang == "en" && set.pagers[0].dir == .auto)
    }

    @Test func aBadDirectionNamesThePagerTheKeyAndThePlace() {
        #expect(
            problems(config(pager: #""dir": "up","#)) == [
                "dash.json:1:48: 'dir' of pager 'p' must be 'ltr', 'rtl' or 'auto', found 'up'"
            ])
        #expect(
            problems(config(dashboard: #""dir": "RTL","#)) == [
                "dash.json:1:9: 'dir' of the configuration must be 'ltr', 'rtl' or 'auto', found 'RTL'"
            ])
    }

    @Test func aBadLanguageIsAnErrorAndAnUnknownOneAWarning() throws {
        #expect(
            problems(config(pager: #""lang": "english!","#)) == [
                "dash.json:1:49: 'lang' of pager 'p' must be a language tag like 'en', 'zh-Hans' or 'ar-EG', "
                    + "found 'english!'"
            ])
        #expect(problems(config(dashboard: #""lang": "","#)).count == 1)
        let (_, warnings) = try FolioConfiguration.parseReportingWarnings(
            Array(config(dashboard: #""lang": "fr","#).utf8), file: "dash.json", directory: folder.path,
            templatesDirectory: folder.path)
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.first?.path == "lang")
        #expect(warnings.first?.message.contains("no words in 'fr'") == true)
    }

    @Test func eachLanguageGetsItsOwnWordsOrEnglish() {
        #expect(InterfaceStrings.forLanguage("zh-Hans").navigation == "导航")
        #expect(InterfaceStrings.forLanguage("zh-CN").home == "返回首页")
        #expect(InterfaceStrings.forLanguage("zh").language == "zh-Hans")
        #expect(InterfaceStrings.forLanguage("en-GB").navigation == "Navigation")
        // Traditional Chinese has no table: English, not the wrong script.
        #expect(InterfaceStrings.forLanguage("zh-TW").language == "en")
        #expect(InterfaceStrings.forLanguage("zh-Hant").language == "en")
        #expect(InterfaceStrings.forLanguage("fr").language == "en")
        #expect(InterfaceStrings.english.error(404) == "This page does not exist.")
        #expect(InterfaceStrings.english.error(418) == InterfaceStrings.english.otherError)
    }

    @Test func darkColoursOverrideTheDarkDefaultsKeyByKey() throws {
        let pager = try parse(
            config(pager: ##""colors": {"bar": "#eeeeee", "dark": {"bar": "#000000", "title": "#cccccc"}},"##)
        ).pagers[0]
        #expect(pager.colors.bar == "#eeeeee")
        #expect(pager.darkColors.bar == "#000000" && pager.darkColors.title == "#cccccc")
        #expect(pager.darkColors.selectedTitle == PagerColors.dark.selectedTitle)
        #expect(try parse(config()).pagers[0].darkColors == .dark)
    }

    @Test func darkColoursAreJudgedLikeTheLightOnes() {
        let found = problems(
            config(pager: #""colors": {"dark": {"bar": "red; } body { x", "glow": "red"}},"#))
        #expect(found.count == 2)
        #expect(found.contains { $0.contains("unknown key 'glow' in the dark colors of pager 'p'") })
        #expect(found.contains { $0.hasSuffix("'red; } body { x' is not a CSS colour") })
        var pager = PagerConfiguration(
            key: "p", title: "P", pages: [PageConfiguration(key: "a", title: "A", template: "content/c.html")]
        )
        pager.darkColors.indicator = "url(x)"
        do {
            try FolioConfiguration(title: "T", pagers: [pager]).validate(templates: nil)
            Issue.record("an invalid dark colour was accepted")
        } catch {
            #expect(error.problems.map(\.path) == ["pagers[0].colors.dark.indicator"])
        }
    }

    @Test func theStylesheetSetsTheDarkColoursInsideTheMediaQuery() throws {
        let pager = try parse(
            config(pager: ##""colors": {"title": "#123456", "dark": {"title": "#abcdef"}},"##)
        )
        .pagers[0]
        let css = PagerStylesheet.css(
            pager: pager, layout: PagerLayout(pager: pager, measurer: EstimatingMeasurer()))
        let media = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
        let light = css[..<media.lowerBound]
        let dark = css[media.upperBound...]
        #expect(light.contains("--folio-title: #123456;") && !light.contains("#abcdef"))
        #expect(dark.contains("#folio-p {"))
        for (name, value) in [
            ("bar", PagerColors.dark.bar), ("title", "#abcdef"),
            ("selected-title", PagerColors.dark.selectedTitle),
            ("indicator", PagerColors.dark.indicator), ("background", PagerColors.dark.background),
        ] {
            #expect(dark.contains("--folio-\(name): \(value);"), "--folio-\(name)")
        }
    }

    @Test func theDarkDefaultsKeepTitlesAtAAContrastOnTheBar() throws {
        let dark = PagerColors.dark
        for title in [dark.title, dark.selectedTitle] {
            let ratio = try #require(Self.contrast(title, dark.bar))
            #expect(ratio >= 4.5, "\(title) on \(dark.bar): \(ratio)")
        }
        #expect(try #require(Self.contrast(dark.title, dark.background)) >= 4.5)
    }

    @Test func theRealTemplatesFollowTheLanguageAndDirection() throws {
        var pager = PagerConfiguration(
            key: "p", title: "P", pages: [PageConfiguration(key: "a", title: "A", template: "content/c.html")]
        )
        pager.navigation = NavigationConfiguration(titleImage: "img/t.svg")
        var other = pager
        other.key = "q"
        other.lang = "zh-Hans"
        other.dir = .ltr
        var configuration = FolioConfiguration(title: "T", pagers: [pager, other])
        configuration.lang = "en"
        configuration.dir = .rtl
        try folder.write("templates/content/c.html", "<p tal:content=\"page/title\">c</p>")
        let options = FolioAppOptions(
            templatesDirectory: folder.path + "/templates", publicDirectory: Self.root + "/Public")
        let app = try FolioApp(
            configuration: configuration, options: options,
            sessions: SessionManager(store: MemorySessionStore()))
        let page = body(app.handle(HTTPRequest(method: .get, target: "/p/a")))
        #expect(page.contains(#"<html lang="en" dir="rtl">"#))
        #expect(page.contains(#"<nav class="folio-nav" aria-label="Navigation">"#))
        // A pager that inherits writes no lang or dir of its own.
        #expect(!page.contains(#"aria-label="P" lang="#))
        let own = body(app.handle(HTTPRequest(method: .get, target: "/q/fragment")))
        #expect(own.contains(#"aria-label="P" lang="zh-Hans" dir="ltr">"#))
        #expect(own.contains(#"aria-label="导航""#) && !own.contains("Navigation"))
        let index = body(app.handle(HTTPRequest(method: .get, target: "/")))
        #expect(index.contains(InterfaceStrings.english.indexLead) && !index.contains("分页看板"))
        let error = body(
            app.handle(HTTPRequest(method: .get, target: "/p/zz", headers: ["Accept": "text/html"])))
        #expect(error.contains(#"<html lang="en" dir="rtl">"#))
        #expect(error.contains("This page does not exist."))
        #expect(error.contains("The pager 'p' has no page 'zz'."))
        #expect(error.contains("Back to the home page") && !error.contains("返回首页"))
    }

    @Test func theChineseErrorPageHasNoEnglish() throws {
        let pager = PagerConfiguration(
            key: "p", title: "P", pages: [PageConfiguration(key: "a", title: "A", template: "content/c.html")]
        )
        try folder.write("templates/content/c.html", "<p tal:content=\"page/title\">c</p>")
        let options = FolioAppOptions(
            templatesDirectory: folder.path + "/templates", publicDirectory: Self.root + "/Public")
        var chinese = FolioConfiguration(title: "T", pagers: [pager])
        chinese.lang = "zh-Hans"
        let app = try FolioApp(
            configuration: chinese, options: options, sessions: SessionManager(store: MemorySessionStore()))
        let error = body(
            app.handle(HTTPRequest(method: .get, target: "/p/zz", headers: ["Accept": "text/html"])))
        #expect(error.contains(#"<html lang="zh-Hans" dir="ltr">"#))
        #expect(error.contains("这个页面不存在。") && error.contains("返回首页"))
        #expect(!error.contains("has no page"))
    }

    func body(_ response: HTTPResponse) -> String {
        String(decoding: response.body.collectedBytes() ?? [], as: UTF8.self)
    }

    /// The WCAG 2 contrast ratio of two `#rrggbb` colours.
    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let first = luminance(a), let second = luminance(b) else { return nil }
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    static func luminance(_ hex: String) -> Double? {
        guard hex.count == 7, hex.hasPrefix("#"), let value = Int(hex.dropFirst(), radix: 16) else {
            return nil
        }
        let channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map { channel in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    /// A dashboard that names no language gets English words; the demo names Chinese.
    @Test func folioSpeaksEnglishUnlessTheConfigurationSaysOtherwise() throws {
        let plain = try parse(config())
        #expect(InterfaceStrings.forLanguage(plain.lang).navigation == "Navigation")
        let demo = try FolioConfiguration.load(
            file: Self.root + "/Templates/demo/folio.json", templatesDirectory: nil)
        #expect(demo.lang == "zh-Hans")
    }
}
