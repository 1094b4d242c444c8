import FolioHTTP
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// A page whose data comes from Swift code, served by a whole `FolioApp`:
/// the first view calls the provider once (the `load` effect and the
/// rendering share one call), and views that need no load stay on the loop.
@Suite struct ProviderAppTests {
    /// The templates and the `p` pager of `AppTests`.
    let fixture: AppTests

    init() throws { fixture = try AppTests() }

    func app(calls: Counter, cacheSeconds: Double = 60) throws -> FolioApp {
        try fixture.makeApp(
            extraPage: PageConfiguration(
                key: "u", title: "U", template: "content/c.html",
                source: .provider(cacheSeconds: cacheSeconds) {
                    ["heading": .string("computed \(calls.increment())")]
                }))
    }

    /// Whether `app` sends `request` to a worker thread (`.answer` has
    /// already answered it).
    func blocks(_ app: FolioApp, _ request: HTTPRequest) -> Bool {
        if case .blocking = app.disposition(for: request) { return true }
        return false
    }

    func request(_ path: String, cookie: String?) -> HTTPRequest {
        var headers: HTTPHeaders = [:]
        if let cookie { headers.add(name: "Cookie", value: "folio_session=\(cookie)") }
        return HTTPRequest(method: .get, target: path, headers: headers)
    }

    @Test func theFirstViewCallsTheProviderOnce() throws {
        let calls = Counter()
        let app = try app(calls: calls)
        let response = fixture.get(app, "/p/u")
        #expect(fixture.body(response).contains("U computed 1 shown 1"))
        #expect(calls.value == 1)
    }

    @Test func viewsWithinTheCachePeriodCallItNoMore() throws {
        let calls = Counter()
        let app = try app(calls: calls, cacheSeconds: 30)
        let id = try fixture.firstClick(app, "/p/u").session
        for _ in 0..<10 { _ = fixture.get(app, "/p/u", cookie: id) }
        #expect(!blocks(app, request("/p/u", cookie: id)))
        #expect(calls.value == 1)
        fixture.clock.advance(by: 31)
        #expect(blocks(app, request("/p/u", cookie: id)), "expired: the view may wait for the call")
        #expect(fixture.body(fixture.get(app, "/p/u", cookie: id)).contains("computed 2"))
        #expect(calls.value == 2)
    }

    @Test func aZeroCachePeriodStillCallsItOncePerView() throws {
        let calls = Counter()
        let app = try app(calls: calls, cacheSeconds: 0)
        _ = fixture.get(app, "/p/u")
        #expect(calls.value == 1)
    }
}
