import FolioSync
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// One load per page at a time, shared by every view, waited for within a
/// bounded time; providers keep the `url` rules (cache period, timeout,
/// error panel). Driven through `PageContentStore`, as views use it.
@Suite struct PageDataLoaderTests {
    let folder: TemporaryFolder
    let clock = TestClock()

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/v.html", "<p tal:content=\"value\">x</p>")
    }

    /// The lines the stores below reported (the server's log).
    let reported = LockedValue<[String]>([])

    func store(wait: Double = 5) throws -> PageContentStore {
        var limits = PageDataLimits()
        limits.viewWaitSeconds = wait
        let reported = reported
        return PageContentStore(
            templates: try TemplateSet(directory: folder.path), site: .null, clock: clock, limits: limits,
            report: { line in reported.withLock { $0.append(line) } })
    }

    /// The error panel, in the reader's words only (English: no `lang` is
    /// configured), and the details in the log.
    func expectErrorPanel(_ html: String, loggedDetails details: String) {
        #expect(html.contains("folio-panel-error") && html.contains("This page cannot be shown right now."))
        #expect(html.contains("class=\"folio-panel-retry\""))
        #expect(!html.contains(details), "the reader sees no internals")
        #expect(reported.withLock { $0.contains { $0.contains("p/a") && $0.contains(details) } }, "logged")
    }

    func pager(_ source: PageSource) -> PagerConfiguration {
        PagerConfiguration(
            key: "p", title: "P",
            pages: [PageConfiguration(key: "a", title: "A", template: "content/v.html", source: source)])
    }

    func view(_ store: PageContentStore, _ pager: PagerConfiguration) -> String {
        store.panel(pager.pages[0], of: pager, shownCount: 1).html
    }

    @Test func concurrentViewsShareOneProviderCall() async throws {
        let calls = Counter()
        let store = try store()
        let pager = pager(
            .provider {
                calls.increment()
                try await Task.sleep(for: .milliseconds(200))
                return ["value": "shared"]
            })
        let panels = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { view(store, pager) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(panels == Array(repeating: "<p>shared</p>", count: 8))
        #expect(calls.value == 1)
    }

    @Test func aProviderIsCalledOncePerCachePeriodHoweverManyViews() throws {
        let calls = Counter()
        let store = try store()
        let pager = pager(
            .provider(cacheSeconds: 30) {
                ["value": .number(Double(calls.increment()))]
            })
        for _ in 0..<20 { #expect(view(store, pager) == "<p>1</p>") }
        #expect(calls.value == 1)
        clock.advance(by: 29)
        #expect(view(store, pager) == "<p>1</p>")
        clock.advance(by: 2)
        #expect(view(store, pager) == "<p>2</p>", "expired: called again, and the view waited for it")
        for _ in 0..<5 { _ = view(store, pager) }
        #expect(calls.value == 2)
    }

    @Test func aProviderErrorBecomesTheErrorPanelAndIsRetriedAfterFiveSeconds() throws {
        struct Outage: Error, CustomStringConvertible { var description: String { "the <monitor> is down" } }
        let calls = Counter()
        let store = try store()
        let pager = pager(
            .provider(cacheSeconds: 60) {
                calls.increment()
                throw Outage()
            })
        let html = view(store, pager)
        expectErrorPanel(html, loggedDetails: "the <monitor> is down")
        _ = view(store, pager)
        #expect(calls.value == 1)
        clock.advance(by: 5)
        _ = view(store, pager)
        #expect(calls.value == 2)
    }

    @Test func aValueThatIsNotAnObjectIsAnError() throws {
        let html = view(try store(), pager(.provider { .array([1, 2]) }))
        expectErrorPanel(html, loggedDetails: "not an object")
    }

    @Test func aSlowProviderTimesOutIntoTheErrorPanel() throws {
        let store = try store(wait: .infinity)
        let pager = pager(
            .provider(timeoutSeconds: 0.2) {
                try await Task.sleep(for: .seconds(30))
                return ["value": "late"]
            })
        let started = Date()
        let html = view(store, pager)
        expectErrorPanel(html, loggedDetails: "no answer within 0.2 s")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aViewPastTheWaitGetsTheLoadingPanelThenTheNextGetsTheData() throws {
        let gate = Gate()
        let store = try store(wait: 0.05)
        let pager = pager(
            .provider {
                await gate.wait()
                return ["value": "ready"]
            })
        #expect(view(store, pager).contains("folio-panel-loading"))
        #expect(view(store, pager).contains("folio-panel-loading"), "still loading: answered at once")
        gate.open()
        #expect(waitFor { view(store, pager) == "<p>ready</p>" })
    }

    @Test func aRefreshShowsThePreviousDataUntilItLands() throws {
        let gate = Gate()
        let calls = Counter()
        let store = try store(wait: 0.05)
        let pager = pager(
            .provider(cacheSeconds: 10) {
                if calls.increment() > 1 { await gate.wait() }
                return ["value": .number(Double(calls.value))]
            })
        #expect(waitFor { view(store, pager) == "<p>1</p>" })
        clock.advance(by: 11)
        #expect(view(store, pager) == "<p>1</p>", "stale while the refresh hangs")
        #expect(view(store, pager) == "<p>1</p>")
        gate.open()
        #expect(waitFor { view(store, pager) == "<p>2</p>" })
        #expect(calls.value == 2)
    }

    /// Whether `condition` holds within 5 s.
    func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return false
    }
}

/// A call counter shared with providers.
final class Counter: Sendable {
    private let count = LockedValue(0)

    var value: Int { count.withLock { $0 } }

    @discardableResult
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

/// Holds providers until `open()`.
final class Gate: Sendable {
    private let isOpen = LockedValue(false)

    func open() { isOpen.withLock { $0 = true } }

    func wait() async {
        while !isOpen.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
