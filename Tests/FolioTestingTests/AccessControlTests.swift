import Folio
import FolioHTTP
import Testing

@testable import FolioTesting

/// Who may see what (issue 18): a pager with an access rule is, to anyone it
/// does not admit, exactly what a pager that does not exist is; sessions
/// belong to the person they were made for.
@Suite struct AccessControlTests {
    static let ann = Person(user: "ann", email: "ann@example.com", groups: ["ops"])
    static let bob = Person(user: "bob", email: "bob@example.com", groups: ["ops", "sales"])
    static let cat = Person(user: "cat", email: "cat@example.com", groups: ["sales"])

    /// The demo with `essence` for the ops group and `news` for Cat alone (by e-mail).
    static func browser() throws -> FolioBrowser {
        var configuration = try FolioConfiguration.load(
            file: FolioPaths.demoConfigurationFile, templatesDirectory: FolioPaths.builtInTemplatesDirectory)
        for index in configuration.pagers.indices {
            switch configuration.pagers[index].key {
            case "essence": configuration.pagers[index].access = .only(users: [], groups: ["ops"])
            case "news": configuration.pagers[index].access = .only(users: ["cat@example.com"], groups: [])
            default: break
            }
        }
        return try FolioBrowser(
            configuration: configuration, templatesDirectory: FolioPaths.builtInTemplatesDirectory,
            publicDirectory: FolioPaths.builtInPublicDirectory)
    }

    /// Every route of a pager, with its method.
    static func routes(_ pager: String, page: String) -> [(HTTPMethod, String)] {
        [
            (.get, "/\(pager)"), (.get, "/\(pager)/\(page)"), (.get, "/\(pager)/fragment"),
            (.get, "/\(pager)/state"), (.get, "/\(pager)/pager.css"), (.get, "/\(pager)/\(page)/panel"),
            (.get, "/\(pager)/events"), (.head, "/\(pager)"), (.post, "/\(pager)/select"),
            (.post, "/\(pager)/scroll"), (.delete, "/\(pager)/state"),
        ]
    }

    /// What the same request answers for a pager that does not exist.
    static func missing(_ browser: FolioBrowser, _ method: HTTPMethod, _ path: String, pager: String) throws
        -> (Int, String)
    {
        let renamed = path.replacingOccurrences(of: "/\(pager)", with: "/\(pager)-nowhere")
        let page = try browser.request(method, renamed, followRedirects: false)
        return (page.status.code, page.text.replacingOccurrences(of: "\(pager)-nowhere", with: pager))
    }

    @Test func aGuardedPagerIsNotFoundOnEveryRouteForThoseItDoesNotAdmit() throws {
        let browser = try Self.browser()
        for person in [nil, Self.cat] {
            if let person { browser.signIn(as: person) } else { browser.signOut() }
            for (method, path) in Self.routes("essence", page: "video") {
                let refused = try browser.request(method, path, followRedirects: false)
                #expect(
                    refused.status.code == 404, "\(method) \(path) for \(String(describing: person?.user))")
                let (status, text) = try Self.missing(browser, method, path, pager: "essence")
                #expect(
                    status == 404 && refused.text == text, "\(method) \(path): differs from a missing pager")
            }
        }
    }

    @Test func aPagerIsShownOnEveryRouteToThoseItAdmits() throws {
        let browser = try Self.browser()
        for person in [Self.ann, Self.bob] {
            browser.signIn(as: person)
            for path in [
                "/essence", "/essence/video", "/essence/fragment", "/essence/state", "/essence/pager.css",
            ] {
                #expect(try browser.open(path).status.code == 200, "\(path) for \(person.user ?? "")")
            }
            #expect(try browser.open("/essence/video/panel").status.code == 200)
            try browser.open("/essence")
            #expect(try browser.select("voice").path == "/essence/voice")
        }
        browser.signIn(as: Self.cat)
        #expect(try browser.open("/news").status.code == 200)
        #expect(try browser.open("/essence").status.code == 404)
    }

    @Test func theIndexListsOnlyThePagersThePersonMaySee() throws {
        let browser = try Self.browser()
        func listed() throws -> Set<String> {
            let page = try browser.open("/")
            #expect(page.headers["Cache-Control"] == "private, no-cache")
            return Set(try page.nodes("//a[@class='folio-index-link']").compactMap { $0["href"] })
        }
        let everyone = try listed()
        #expect(
            !everyone.contains("/essence") && !everyone.contains("/news") && everyone.contains("/controllers")
        )
        browser.signIn(as: Self.ann)
        let ann = try listed()
        #expect(ann.contains("/essence") && !ann.contains("/news"))
        browser.signIn(as: Self.cat)
        let cat = try listed()
        #expect(!cat.contains("/essence") && cat.contains("/news"))
    }

    @Test func aSessionCookieShownUnderAnotherIdentityStartsAFreshSession() throws {
        let browser = try Self.browser()
        browser.signIn(as: Self.ann)
        try browser.open("/essence")
        try browser.select("joke")
        let annCookie = try #require(browser.cookie(FolioApp.cookieName))
        #expect(try browser.state(of: "essence").selected.key == "joke")
        // Bob, in the same group, with Ann's cookie: not Ann's session.
        browser.signIn(as: Self.bob)
        #expect(try browser.state(of: "essence").selected.key == "all")
        try browser.open("/essence")
        try browser.select("voice")
        let bobCookie = try #require(browser.cookie(FolioApp.cookieName))
        #expect(bobCookie != annCookie)
        #expect(bobCookie.prefix(32) != annCookie.prefix(32), "a change of identity gets a new session id")
        // Ann's session is still hers, untouched by Bob's click.
        browser.signIn(as: Self.ann)
        browser.clearCookies()
        _ = try browser.request(.get, "/essence", headers: ["Cookie": "folio_session=\(annCookie)"])
        #expect(try browser.state(of: "essence").selected.key != "voice")
        // Signed out, the cookie of a signed-in person names no session either.
        browser.signOut()
        let anonymous = try browser.request(
            .get, "/controllers/state", headers: ["Cookie": "folio_session=\(annCookie)"])
        #expect(anonymous.status.code == 200)
    }
}

/// What the access log is told (issue 18, item 4).
extension AccessControlTests {
    @Test func theLogNamesThePersonAndARefusalItsRuleButNeverTheCookie() throws {
        let browser = try Self.browser()
        browser.signIn(as: Self.ann)
        try browser.open("/essence")
        try browser.select("video")
        let cookie = try #require(browser.cookie(FolioApp.cookieName))
        let shown = try browser.request(.get, "/essence/state")
        #expect(shown.status.code == 200)
        let app = try #require((browser.transport as? InProcessTransport)?.app)
        func note(_ path: String, as person: Person?) -> String? {
            var headers: HTTPHeaders = ["Cookie": "folio_session=\(cookie)"]
            if let person {
                headers.add(name: "X-Forwarded-User", value: person.user ?? "")
                headers.add(name: "X-Forwarded-Groups", value: person.groups.sorted().joined(separator: ","))
            }
            return app.handle(HTTPRequest(method: .get, target: path, headers: headers)).accessLogNote
        }
        #expect(note("/essence/state", as: Self.ann) == "user=ann")
        #expect(note("/essence/state", as: Self.cat) == "user=cat refused pager=essence access=groups=ops")
        #expect(note("/essence", as: nil) == "refused pager=essence access=groups=ops")
        #expect(note("/controllers", as: nil) == nil)
        #expect(
            note("/controllers", as: Person(user: "ann refused pager=x 100%"))
                == "user=ann%20refused%20pager=x%20100%25")
        for person in [Self.ann, Self.cat] {
            #expect(note("/essence", as: person)?.contains(cookie.prefix(32)) == false)
        }
    }
}
