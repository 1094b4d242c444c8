import FolioSync
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// Records what a live channel sends one tab.
private final class RecordingSink: LiveSink {
    private let sent = LockedValue<[String]>([])
    private let open = LockedValue(true)

    func send(_ bytes: [UInt8]) -> Bool {
        guard open.withLock({ $0 }) else { return false }
        sent.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        return true
    }

    func close() { open.withLock { $0 = false } }
    func finish() { close() }
    var events: [String] { sent.withLock { $0 } }
    /// The `id:` of each event sent.
    var ids: [String] {
        events.compactMap { event in
            event.split(separator: "\n").first { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
        }
    }
}

@Suite struct LiveChannelTests {
    @Test func aTabGetsThePanelsOfItsPagesAndTheBadgesOfAll() {
        let channel = LiveChannel(pager: "ops", shownPages: ["a", "b", "live", "still"], epoch: "run1")
        let alerts = RecordingSink()
        let overview = RecordingSink()
        _ = channel.subscribe(alerts, pages: ["alerts"], seen: 0)
        _ = channel.subscribe(overview, pages: ["overview"], seen: 0)
        channel.publish(page: "alerts", html: "<p>3</p>", badge: 3, hasBadge: true)
        channel.publish(page: "deploys", html: "<p>d</p>", badge: nil, hasBadge: false)
        #expect(
            alerts.events == [
                #"id: run1-1\#nevent: page\#ndata: {"page":"alerts","html":"<p>3</p>","badge":3}"# + "\n\n"
            ])
        #expect(
            overview.events == [#"id: run1-1\#nevent: page\#ndata: {"page":"alerts","badge":3}"# + "\n\n"])
    }

    @Test func aReconnectGetsWhatItMissedInOrderThenWhatIsNew() {
        let channel = LiveChannel(pager: "ops", shownPages: ["a", "b", "live", "still"], epoch: "run1")
        for count in 1...5 { channel.publish(page: "alerts", html: "\(count)", badge: count, hasBadge: true) }
        #expect(channel.canReplay(after: "run1-2"))
        let tab = RecordingSink()
        _ = channel.subscribe(tab, pages: ["alerts"], seen: channel.sequence(of: "run1-2") ?? -1)
        channel.publish(page: "alerts", html: "6", badge: 6, hasBadge: true)
        #expect(tab.ids == ["run1-3", "run1-4", "run1-5", "run1-6"])
    }

    @Test func anIdOfAnotherRunOrTooOldOrFromTheFutureNeedsASnapshot() {
        let channel = LiveChannel(pager: "ops", shownPages: ["a", "b", "live", "still"], epoch: "run2")
        for count in 0..<(LiveChannel.keptEvents + 10) {
            channel.publish(page: "alerts", html: "\(count)", badge: count, hasBadge: true)
        }
        #expect(!channel.canReplay(after: "run1-70"))
        #expect(!channel.canReplay(after: "run2-3"), "older than the events kept")
        #expect(channel.canReplay(after: "run2-10"), "the oldest kept follows it")
        #expect(!channel.canReplay(after: "run2-999"))
        #expect(
            !channel.canReplay(after: nil) && !channel.canReplay(after: "garbage")
                && !channel.canReplay(after: "run2--1"))
    }

    @Test func aSnapshotComesFirstAndAnEndedTabIsForgotten() {
        let viewers = LockedValue<[Int]>([])
        let channel = LiveChannel(pager: "ops", shownPages: ["a", "b", "live", "still"], epoch: "e") {
            channel in
            viewers.withLock { $0.append(channel.viewers) }
        }
        let tab = RecordingSink()
        let number = channel.subscribe(tab, pages: [], seen: 0, first: Array("snapshot\n\n".utf8))
        #expect(tab.events == ["snapshot\n\n"])
        channel.unsubscribe(number)
        channel.unsubscribe(number)
        #expect(viewers.withLock { $0 } == [1, 0])
        #expect(channel.publish(page: "alerts", html: "x", badge: 1, hasBadge: true) == 0)
    }

    @Test func panelHTMLIsOneLineOfJSONWhateverItHolds() {
        let payload = String(
            decoding: LiveEvent.payload(page: "a", html: "line\nbreak \"quoted\"\r\n", badge: nil),
            as: UTF8.self)
        #expect(!payload.contains("\n") && !payload.contains("\r"))
        let decoded = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
        #expect(decoded?["html"] as? String == "line\nbreak \"quoted\"\r\n")
        #expect(decoded?["badge"] is NSNull)
    }
}

@Suite struct BadgePathTests {
    let data: [String: TemplateValue] = [
        "alerts": .array([.string("a"), .string("b")]),
        "summary": .object(TemplateObject([("open", .number(4.7)), ("name", .string("x"))])),
        "negative": .number(-1),
    ]

    @Test func aPathCountsAnArrayOrANumber() {
        #expect(BadgePath("alerts")?.count(in: data) == 2)
        #expect(BadgePath("summary.open")?.count(in: data) == 4)
        #expect(BadgePath("summary.name")?.count(in: data) == nil)
        #expect(BadgePath("summary.missing")?.count(in: data) == nil)
        #expect(BadgePath("negative")?.count(in: data) == nil)
        #expect(BadgePath("alerts.deeper")?.count(in: data) == nil)
    }

    @Test func aPathIsDottedKeys() {
        #expect(
            BadgePath("") == nil && BadgePath("a..b") == nil && BadgePath(".a") == nil
                && BadgePath("a b") == nil)
        #expect(BadgePath("a.b")?.keys == ["a", "b"])
    }
}

@Suite struct LiveRefresherTests {
    static let pager = PagerConfiguration(
        key: "ops", title: "Ops",
        pages: [
            PageConfiguration(key: "still", title: "Still", template: "t.html"),
            PageConfiguration(
                key: "live", title: "Live", template: "t.html", source: .file(path: "/x.json"),
                refreshSeconds: 10),
        ])

    @Test func theWaitDoublesPerFailureUpToTheCapAndASuccessResetsIt() {
        let refresher = LiveRefresher(pager: Self.pager) { _ in }
        let live = Self.pager.pages[1]
        #expect(refresher.nextWait(for: live) == 10)
        refresher.loaded("live", failed: true)
        #expect(refresher.nextWait(for: live) == 20)
        for _ in 0..<10 { refresher.loaded("live", failed: true) }
        #expect(refresher.nextWait(for: live) == LiveRefresher.maximumBackoffSeconds)
        refresher.loaded("live", failed: false)
        #expect(refresher.nextWait(for: live) == 10)
    }

    @Test func refreshesRunOnlyWhileATabIsOpen() async throws {
        let refreshed = LockedValue<[String]>([])
        let refresher = LiveRefresher(pager: Self.pager) { page in refreshed.withLock { $0.append(page.key) }
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(refreshed.withLock { $0 }.isEmpty)
        refresher.viewersChanged { ["still", "live"] }
        try await Task.sleep(for: .milliseconds(200))
        #expect(
            refreshed.withLock { $0 } == ["live"],
            "the live page at once; the page without refreshSeconds never")
        refresher.viewersChanged { [] }
        #expect(!refresher.isRunning)
    }
}

@Suite struct LiveConfigurationTests {
    func problems(_ page: PageConfiguration) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write("t.html", "<p>x</p>")
        try folder.write("x.json", "{}")
        var page = page
        if case .file = page.source { page.source = .file(path: folder.path + "/x.json") }
        let configuration = FolioConfiguration(
            title: "Ops", pagers: [PagerConfiguration(key: "ops", title: "Ops", pages: [page])])
        do {
            _ = try configuration.validate(templates: [folder.path])
            return []
        } catch {
            return error.problems.map(\.message)
        }
    }

    @Test func refreshSecondsNeedsAURLOrAFileAndASaneInterval() throws {
        #expect(
            try problems(PageConfiguration(key: "a", title: "A", template: "t.html", refreshSeconds: 5)) == [
                "page 'a' of pager 'ops' has 'refreshSeconds' but no 'url', 'dataFile' or 'simulate' to refresh"
            ])
        let tooOften = try problems(
            PageConfiguration(
                key: "a", title: "A", template: "t.html", source: .file(path: ""), refreshSeconds: 0.1))
        #expect(tooOften.count == 1 && tooOften[0].contains("refreshSeconds"))
        #expect(
            try problems(
                PageConfiguration(
                    key: "a", title: "A", template: "t.html", source: .file(path: ""), refreshSeconds: 30)
            )
            .isEmpty)
    }

    @Test func aBadgeNeedsAPathAndData() throws {
        let bad = try problems(
            PageConfiguration(
                key: "a", title: "A", template: "t.html", source: .inline(json: "{}"), badge: "a..b"))
        #expect(bad.count == 1 && bad[0].contains("dotted path"))
        #expect(
            try problems(PageConfiguration(key: "a", title: "A", template: "t.html", badge: "alerts")) == [
                "page 'a' of pager 'ops' has a 'badge' but no data to count it from"
            ])
    }

    @Test func eventsIsAReservedPageKey() throws {
        let found = try problems(PageConfiguration(key: "events", title: "E", template: "t.html"))
        #expect(found.count == 1 && found[0].contains("events"))
    }
}

@Suite struct FeedValidatorTests {
    @Test func validatorsWithLineBreaksAreNotSent() {
        let validators = FeedValidators(
            etag: "\"v1\"\r\nX-Evil: 1", lastModified: "Tue, 01 Dec 2026 10:00:00 GMT")
        #expect(validators.requestFields.map(\.0) == ["If-Modified-Since"])
    }
}

@Suite struct LiveEventSizeTests {
    @Test func aPanelOverTheInlineLimitIsAnnouncedToBeFetched() {
        let big = String(repeating: "x", count: LiveEvent.inlinePanelLimit + 1)
        let event = LiveEvent(sequence: 1, epoch: "e", page: "alerts", html: big, badge: 2, hasBadge: true)
        let text = String(decoding: event.withPanel, as: UTF8.self)
        #expect(text.contains(#""fetch":true"#) && !text.contains("xxxx"))
        #expect(event.withPanel.count < 200)
        let small = LiveEvent(
            sequence: 2, epoch: "e", page: "alerts", html: "<p>ok</p>", badge: 2, hasBadge: true)
        #expect(String(decoding: small.withPanel, as: UTF8.self).contains(#""html":"<p>ok</p>""#))
    }
}
