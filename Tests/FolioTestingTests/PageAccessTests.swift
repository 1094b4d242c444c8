import Folio
import FolioHTTP
import Testing

@testable import FolioTesting

/// A page with an access rule (issue 18, item 2): to someone it does not
/// admit, the pager is the pager without that page: no tab, a title bar
/// laid out for the tabs shown, and 404 wherever the page is asked for.
@Suite struct PageAccessTests {
    static let ann = Person(user: "ann", groups: ["ops"])
    static let bob = Person(user: "bob", groups: ["sales"])

    /// The demo with essence's `joke` page for the ops group; `withoutJoke`
    /// leaves the page out of the configuration instead.
    static func browser(withoutJoke: Bool = false) throws -> FolioBrowser {
        var configuration = try FolioConfiguration.load(
            file: FolioPaths.demoConfigurationFile, templatesDirectory: FolioPaths.builtInTemplatesDirectory)
        let essence = try #require(configuration.pagers.firstIndex { $0.key == "essence" })
        let joke = try #require(configuration.pagers[essence].pageIndex("joke"))
        if withoutJoke {
            configuration.pagers[essence].pages.remove(at: joke)
        } else {
            configuration.pagers[essence].pages[joke].access = .only(users: [], groups: ["ops"])
        }
        return try FolioBrowser(
            configuration: configuration, templatesDirectory: FolioPaths.builtInTemplatesDirectory,
            publicDirectory: FolioPaths.builtInPublicDirectory)
    }

    @Test func aHiddenPageHasNoTabAndTheTitleBarIsLaidOutForTheTabsShown() throws {
        let browser = try Self.browser()
        browser.signIn(as: Self.ann)
        #expect(try browser.open("/essence").pager("essence").tabs.map(\.key).contains("joke"))
        let annCSS = try browser.open("/essence/pager.css").text
        browser.signIn(as: Self.bob)
        // Right after Ann's view of the same pager and selection: no cached page of hers.
        let tabs = try browser.open("/essence").pager("essence").tabs.map(\.key)
        #expect(tabs == ["all", "video", "voice", "picture"])
        let bobCSS = try browser.open("/essence/pager.css")
        #expect(bobCSS.text != annCSS)
        #expect(bobCSS.headers["Cache-Control"] == "private, max-age=60")
        // Exactly the pager configured without the page.
        let reference = try Self.browser(withoutJoke: true)
        #expect(bobCSS.text == (try reference.open("/essence/pager.css").text))
        #expect(try browser.state(of: "essence").pages.map(\.key) == tabs)
    }

    @Test func aHiddenPageIsNotFoundWhereverItIsAskedFor() throws {
        let browser = try Self.browser()
        browser.signIn(as: Self.bob)
        let view = try browser.open("/essence")
        let token = try #require(try view.pager("essence").csrfToken)
        for (method, path, form) in [
            (HTTPMethod.get, "/essence/joke", nil), (.get, "/essence/joke/panel", nil),
            (.get, "/essence/4/panel", nil), (.get, "/essence/events?pages=joke", nil),
            (.post, "/essence/select", [("page", "joke"), ("from", "all"), ("csrf", token)]),
        ] as [(HTTPMethod, String, [(String, String)]?)] {
            let hidden = try browser.request(method, path, form: form, followRedirects: false)
            let missingPath = path.replacingOccurrences(of: "joke", with: "gag")
                .replacingOccurrences(of: "/4/", with: "/9/")
            let missing = try browser.request(
                method, missingPath, form: form?.map { ($0.0, $0.1 == "joke" ? "gag" : $0.1) },
                followRedirects: false)
            #expect(hidden.status.code == missing.status.code && hidden.status.code >= 400, "\(path)")
            let expected = missing.text.replacingOccurrences(of: "gag", with: "joke")
                .replacingOccurrences(of: "page 9", with: "page 4").replacingOccurrences(
                    of: "/9/", with: "/4/")
            #expect(hidden.text == expected, "\(path)")
        }
        browser.signIn(as: Self.ann)
        #expect(try browser.open("/essence/joke").status.code == 200)
        #expect(try browser.open("/essence/joke/panel").status.code == 200)
    }

    @Test func aPagerWithNoPageThePersonMaySeeIsNotThere() throws {
        var configuration = try FolioConfiguration.load(
            file: FolioPaths.demoConfigurationFile, templatesDirectory: FolioPaths.builtInTemplatesDirectory)
        let news = try #require(configuration.pagers.firstIndex { $0.key == "news" })
        for index in configuration.pagers[news].pages.indices {
            configuration.pagers[news].pages[index].access = .only(users: ["ann"], groups: [])
        }
        let browser = try FolioBrowser(
            configuration: configuration, templatesDirectory: FolioPaths.builtInTemplatesDirectory,
            publicDirectory: FolioPaths.builtInPublicDirectory)
        browser.signIn(as: Self.bob)
        #expect(try browser.open("/news").status.code == 404)
        #expect(
            try browser.open("/news").text
                == (try browser.open("/nothing-here").text)
                .replacingOccurrences(of: "nothing-here", with: "news"))
        #expect(try browser.open("/").nodes("//a[@href='/news']").isEmpty)
        browser.signIn(as: Self.ann)
        #expect(try browser.open("/news").status.code == 200)
        #expect(try !browser.open("/").nodes("//a[@href='/news']").isEmpty)
    }
}
