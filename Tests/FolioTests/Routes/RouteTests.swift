import FolioHTTP
import Testing

@testable import Folio

@Suite struct RouteTests {
    @Test func pathsMatchTheirRoutes() {
        let cases: [(String, Route?)] = [
            ("/", .index), ("", .index), ("/healthz", .health),
            ("/public/folio.css", .publicFile("folio.css")),
            ("/public/fonts/DejaVuSans.ttf", .publicFile("fonts/DejaVuSans.ttf")), ("/public/", nil),
            ("/essence", .pager("essence")), ("/essence/", .pager("essence")),
            ("/essence/video", .page("essence", "video")), ("/essence/select", .select("essence")),
            ("/essence/scroll", .scroll("essence")), ("/essence/state", .state("essence")),
            ("/essence/fragment", .fragment("essence")), ("/essence/pager.css", .stylesheet("essence")),
            ("/essence/video/extra", nil), ("//essence", nil), ("/essence//video", nil),
            ("/essence/video/panel", .panel("essence", "video")),
            ("/essence/1/panel/", .panel("essence", "1")),
            ("/essence//panel", nil), ("/essence/video/panel/x", nil), ("/essence/video/panels", nil),
            ("/playlist/wall", .playlist("wall")), ("/playlist/wall/", .playlist("wall")),
            ("/playlist/wall/x", nil), ("/playlist", .pager("playlist")),
        ]
        for (path, route) in cases {
            #expect(Route.match(path: path, basePath: "") == route, "\(path)")
        }
    }

    @Test func routesLiveUnderTheBasePath() {
        let base = "/intranet/pager"
        #expect(Route.match(path: "/intranet/pager", basePath: base) == .index)
        #expect(Route.match(path: "/intranet/pager/", basePath: base) == .index)
        #expect(
            Route.match(path: "/intranet/pager/essence/video", basePath: base) == .page("essence", "video"))
        #expect(Route.match(path: "/intranet/pagers/essence", basePath: base) == nil)
        #expect(Route.match(path: "/essence", basePath: base) == nil)
    }

    @Test func actionsArePostOnlyAndPagesGetOnly() {
        #expect(Route.select("a").allowedMethods == [.post])
        #expect(Route.scroll("a").allowedMethods == [.post])
        #expect(Route.page("a", "b").allowedMethods == [.get, .head])
        #expect(Route.panel("a", "b").allowedMethods == [.get, .head])
    }

    @Test func basePathsAreNormalized() {
        #expect(FolioAppOptions.normalizedBasePath("/") == "")
        #expect(FolioAppOptions.normalizedBasePath("") == "")
        #expect(FolioAppOptions.normalizedBasePath("intranet/pager/") == "/intranet/pager")
    }

    @Test func theSessionCookieIsFoundAmongOthers() {
        func cookie(_ headers: [String]) -> String? {
            HTTPRequest(method: .get, target: "/", headers: HTTPHeaders(headers.map { ("Cookie", $0) }))
                .cookies(named: [FolioApp.cookieName])[0]
        }
        #expect(cookie(["a=1; folio_session=abc; b=2"]) == "abc")
        #expect(cookie(["xfolio_session=no;folio_session=\"q\""]) == "q")
        #expect(cookie(["a=1", "folio_session=second"]) == "second")
        #expect(cookie(["folio_sessionx=1; a=folio_session=2"]) == nil)
        #expect(cookie([]) == nil)
        let lowercase = HTTPRequest(
            method: .get, target: "/", headers: HTTPHeaders([("cOOkie", "folio_session=any-case")]))
        #expect(lowercase.cookies(named: [FolioApp.cookieName])[0] == "any-case")
        let other = HTTPRequest(
            method: .get, target: "/", headers: HTTPHeaders([("Cookies", "folio_session=x")]))
        #expect(other.cookies(named: [FolioApp.cookieName])[0] == nil)
    }

    @Test func oddPathsMatchNothingOrTheirRoute() {
        let cases: [(String, Route?)] = [
            ("/healthz/", .health), ("/public", .pager("public")), ("/é/ü", .page("é", "ü")),
            ("/essence/", .pager("essence")), ("/essence//", nil), ("/a/b/", .page("a", "b")),
            ("//", nil), ("x", nil),
        ]
        for (path, route) in cases {
            #expect(Route.match(path: path, basePath: "") == route, "\(path)")
        }
        #expect(Route.match(path: "/intranet/pagerx", basePath: "/intranet/pager") == nil)
        #expect(
            Route.match(path: "/intranet/pager/public/a.css", basePath: "/intranet/pager")
                == .publicFile("a.css"))
    }
}
