import FolioCore
import Foundation
import Testing

@testable import Folio

/// A view's step for a visitor who never showed the pager is run once, when
/// the pager is resolved: what it hands out must be what running the step
/// per request gave.
struct ResolvedPagerTests {
    static func pager() throws -> ResolvedPager {
        var configuration = PagerConfiguration(
            key: "ops", title: "Ops",
            pages: [
                PageConfiguration(key: "plain", title: "Plain", template: "t.html"),
                PageConfiguration(
                    key: "queue", title: "Queue", template: "t.html", source: .file(path: "/data/queue.json"),
                    badge: "waiting"),
                PageConfiguration(
                    key: "disk", title: "Disk", template: "t.html", source: .file(path: "/data/disk.json")),
                PageConfiguration(
                    key: "feed", title: "Feed", template: "t.html",
                    source: .url(URL(string: "http://feeds.test/x")!, cacheSeconds: 5, timeoutSeconds: 2)),
            ])
        configuration.cacheLimit = 2
        return try ResolvedPager(configuration, measurer: EstimatingMeasurer())
    }

    /// The step run now on the starting record at `startIndex`.
    static func runNow(_ step: PagerStep, on pager: ResolvedPager, startIndex: Int) throws -> (
        before: PagerRecord, after: PagerRecord, effects: [PagerEffect]
    ) {
        let before = pager.startingRecord(at: startIndex)
        var after = before
        let effects = try step.apply(to: &after)
        return (before, after, effects)
    }

    @Test func everyViewStepIsWhatRunningItGives() throws {
        let pager = try Self.pager()
        let steps = pager.configuration.pages.indices.map { (PagerStep.select($0), $0) } + [(.appear, 0)]
        for (step, startIndex) in steps {
            let outcome = try #require(pager.newVisitorOutcome(of: step, startIndex: startIndex))
            let fresh = try Self.runNow(step, on: pager, startIndex: startIndex)
            #expect(outcome.before == fresh.before)
            #expect(outcome.after == fresh.after)
            #expect(outcome.effects == fresh.effects)
            #expect(outcome.changesRecord)
            #expect(outcome.dataNames == pager.dataNames(shownIn: fresh.after))
        }
    }

    @Test func theDataNamesAreTheShownPagesAndEveryBadge() throws {
        let pager = try Self.pager()
        // The badge page's data is read by every view; the shown page's too.
        #expect(
            pager.newVisitorOutcome(of: .select(2), startIndex: 2)?.dataNames == ["ops/queue", "ops/disk"])
        #expect(
            pager.newVisitorOutcome(of: .select(3), startIndex: 3)?.dataNames == ["ops/queue", "ops/feed"])
        #expect(pager.newVisitorOutcome(of: .appear, startIndex: 0)?.dataNames == ["ops/queue"])
    }

    @Test func otherStepsAreRunPerRequest() throws {
        let pager = try Self.pager()
        #expect(pager.newVisitorOutcome(of: .select(1), startIndex: 0) == nil)
        #expect(pager.newVisitorOutcome(of: .appear, startIndex: 2) == nil)
        #expect(pager.newVisitorOutcome(of: .click(1, madeAt: nil), startIndex: 1) == nil)
        #expect(pager.newVisitorOutcome(of: .select(9), startIndex: 9) == nil)
    }
}
