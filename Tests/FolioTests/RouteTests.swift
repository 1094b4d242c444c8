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
    }

    @Test func basePathsAreNormalized() {
        #expect(FolioAppOptions.normalizedBasePath("/") == "")
        #expect(FolioAppOptions.normalizedBasePath("") == "")
        #expect(FolioAppOptions.normalizedBasePath("intranet/pager/") == "/intranet/pager")
    }
}
