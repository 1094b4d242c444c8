import FolioHTTP
import Testing

@testable import Folio

/// A pager's rotation: the next page the viewer may see, the URL that
/// leads there, and what `?rotate` and `?kiosk` may be.
@Suite struct WallScreenTests {
    func query(_ text: String) throws -> FormFields { try FormFields(urlEncoded: text.utf8) }

    @Test func theNextPageIsTheOneAfterAndTheFirstAfterTheLast() {
        #expect((0..<3).map { PageRotation.nextIndex(after: $0, count: 3) } == [1, 2, 0])
        #expect(PageRotation.nextIndex(after: 0, count: 1) == 0)
    }

    @Test func theNextURLKeepsTheQuerysRotationAndKioskUnderTheBasePath() {
        let screen = WallScreen.pager(
            "ops", pageKeys: ["board", "trends"], showing: 1, seconds: 2.5, fromQuery: true, kiosk: true,
            base: "/wall")
        #expect(screen.next == WallScreen.Next(seconds: 2.5, url: "/wall/ops/board?rotate=2.5&kiosk"))
        let configured = WallScreen.pager(
            "ops", pageKeys: ["board", "trends"], showing: 0, seconds: 30, fromQuery: false, kiosk: false,
            base: "")
        #expect(configured.next?.url == "/ops/trends")
    }

    @Test func theHeadCarriesTheRefreshForBrowsersWithoutScriptAndTheRotationForFolioJS() {
        let screen = WallScreen(next: WallScreen.Next(seconds: 5, url: "/ops/b?rotate=5&kiosk"), kiosk: true)
        let head = String(decoding: RotationHead.markup(screen), as: UTF8.self)
        #expect(
            head == """
                <noscript><meta http-equiv="refresh" content="5; url=/ops/b?rotate=5&amp;kiosk"></noscript>
                <meta name="folio-rotate" content="5" data-next="/ops/b?rotate=5&amp;kiosk">
                <meta name="folio-kiosk" content="on">

                """)
        #expect(RotationHead.markup(WallScreen(next: nil, kiosk: false)).isEmpty)
    }

    @Test func rotateTakesSecondsFromOneToADayOrZeroForOff() throws {
        #expect(try WallScreenQuery(query("rotate=1")).rotate == 1)
        #expect(try WallScreenQuery(query("rotate=0")).rotate == 0)
        let kiosk = try WallScreenQuery(query("kiosk"))
        #expect(kiosk.kiosk && kiosk.rotate == nil)
        for bad in ["rotate=0.5", "rotate=abc", "rotate=", "rotate=-3", "rotate=90000", "rotate=nan"] {
            #expect(throws: ClientError.self, "\(bad)") { try WallScreenQuery(query(bad)) }
        }
    }

    @Test func aViewRotatesByItsQueryElseByItsPagerAndRotateZeroTurnsThePagersOff() throws {
        #expect(WallScreenPlan(try WallScreenQuery(query("")), configured: nil, base: "") == nil)
        #expect(
            WallScreenPlan(try WallScreenQuery(query("")), configured: 30, base: "")
                == .pager(seconds: 30, fromQuery: false, kiosk: false, base: ""))
        #expect(WallScreenPlan(try WallScreenQuery(query("rotate=0")), configured: 30, base: "") == nil)
        #expect(
            WallScreenPlan(try WallScreenQuery(query("rotate=0&kiosk")), configured: 30, base: "")
                == .pager(seconds: nil, fromQuery: true, kiosk: true, base: ""))
    }
}
