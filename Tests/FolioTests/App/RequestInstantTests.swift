import FolioHTTP
import Testing

@testable import Folio

/// A request has one instant (`RequestContext.now`): whether its session
/// is live, its form token's time, whether its page data has expired and
/// its rendering all go by one reading of the clock.
extension AppTests {
    @Test func aViewReadsTheClockOnceWithOrWithoutASession() throws {
        let app = try makeApp()
        // Page c's data comes from a file: its first view loads it, later
        // views find it kept and only ask whether it has expired.
        #expect(get(app, "/p/c").status == .ok)
        let (_, id) = try firstClick(app, "/p", page: "c")
        #expect(get(app, "/p/c", cookie: id).status == .ok)
        for session in [nil, id] {
            let before = clock.reads
            let view = get(app, "/p/c", cookie: session)
            #expect(view.status == .ok)
            #expect(body(view).contains(#"data-selected="2""#))
            #expect(clock.reads - before == 1, "with a session: \(session != nil)")
        }
    }

    @Test func aViewsFormTokenAgesFromTheViewsInstant() throws {
        let app = try makeApp()
        let idle = app.options.sessions.idleTimeout
        let forms = try (0..<2).map { _ in
            let view = get(app, "/p")
            return (
                csrf: try hidden("csrf", in: body(view)),
                nonce: try #require(setCookie(FolioApp.formCookieName, of: view))
            )
        }
        clock.advance(by: idle - 1)
        let inTime = postWithoutSession(
            app, "/p/select", "page=b&from=a&csrf=\(forms[0].csrf)", nonce: forms[0].nonce)
        #expect(inTime.status == .seeOther)
        clock.advance(by: 2)
        let late = postWithoutSession(
            app, "/p/select", "page=b&from=a&csrf=\(forms[1].csrf)", nonce: forms[1].nonce)
        #expect(late.status == .forbidden)
    }
}
