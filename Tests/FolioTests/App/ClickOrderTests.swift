import FolioCore
import Testing

@testable import Folio

/// The last click made wins, on the server too: a click made before the
/// last one applied that reaches the server after it changes nothing.
@Suite struct ClickOrderTests {
    func record() throws -> PagerRecord {
        var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "P\($0)") })
        _ = try state.send(.appeared)
        return PagerRecord(state: state, shownCounts: ["p0": 1])
    }

    @Test func aClickMadeEarlierThanTheLastAppliedIsOvertakenAndChangesNothing() throws {
        var record = try record()
        _ = try PagerStep.click(2, madeAt: 1_000_500).apply(to: &record)
        #expect(record.state.selectedIndex == 2)
        #expect(record.lastClickAt == 1_000_500)
        let before = record
        // Made 400 ms earlier, arriving now (a slow network).
        let effects = try PagerStep.click(1, madeAt: 1_000_100).apply(to: &record)
        #expect(effects.isEmpty)
        #expect(record == before)
        // A later one applies and counts its pageDidShow.
        _ = try PagerStep.click(3, madeAt: 1_000_900).apply(to: &record)
        #expect(record.state.selectedIndex == 3)
        #expect(record.lastClickAt == 1_000_900)
    }

    @Test func aClickFarOlderThanTheLastMeansTheClockWasSetBackAndApplies() throws {
        var record = try record()
        _ = try PagerStep.click(2, madeAt: 5_000_000).apply(to: &record)
        _ = try PagerStep.click(1, madeAt: 5_000_000 - PagerStep.overtakenWindow - 1).apply(to: &record)
        #expect(record.state.selectedIndex == 1)
    }

    @Test func aClickWithoutATimeAlwaysAppliesAndKeepsTheLastTime() throws {
        var record = try record()
        _ = try PagerStep.click(2, madeAt: 7_000).apply(to: &record)
        _ = try PagerStep.click(1, madeAt: nil).apply(to: &record)
        #expect(record.state.selectedIndex == 1)
        #expect(record.lastClickAt == 7_000)
    }

    @Test func aMalformedClickTimeIsRefusedWith400() throws {
        let fixture = try AppTests()
        let app = try fixture.makeApp()
        let session = try fixture.session(app)
        for value in ["soon", "-5", "inf", "nan"] {
            let answer = fixture.post(
                app, "/p/select", "page=b&csrf=\(session.token)&clickedAt=\(value)", cookie: session.id)
            #expect(answer.status == .badRequest, "\(value)")
            #expect(fixture.body(answer).contains("clickedAt"))
        }
        let answer = fixture.post(
            app, "/p/select", "page=b&csrf=\(session.token)&clickedAt=1733000000000.25", cookie: session.id)
        #expect(answer.status == .seeOther)
    }
}
