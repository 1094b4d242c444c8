import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// `"simulate": "ops"`: data that is the same for the same clock, changes
/// as the clock moves, and has the shape the ops widgets read.
@Suite struct OpsSimulationTests {
    /// 2026-12-02 02:41:37 UTC, mid-minute.
    static let instant = 1_796_179_297.0

    func data(_ at: Double = instant) -> TemplateValue { SimulatedSource.ops.data(at: at) }

    func number(_ value: TemplateValue?) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    func list(_ value: TemplateValue?) -> [TemplateValue] {
        if case .array(let items) = value { return items }
        return []
    }

    @Test func theSameClockGivesTheSameDataAndTheNumbersMoveWithIt() {
        #expect(data() == data())
        let perMinute = (0..<12).compactMap {
            number(data(Self.instant + Double($0) * 10)["requests"]?["perMinute"])
        }
        #expect(perMinute.count == 12)
        #expect(Set(perMinute).count > 6)
        let now = data()["requests"]
        let tenSecondsLater = data(Self.instant + 10)["requests"]
        #expect(number(tenSecondsLater?["previous"]) == number(now?["perMinute"]))
    }

    @Test func theRequestSeriesIsTheLastHourAtOnePointAMinuteWithAGapOrTwo() throws {
        let points = list(data()["requests"]?["series"])
        #expect(points.count == 60)
        let times = points.compactMap { number($0["t"]) }
        #expect(times.last == (Self.instant / 60).rounded(.down) * 60)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 60 })
        let gaps = points.filter { $0["v"] == .null }.count
        #expect((2...3).contains(gaps))
        let values = points.compactMap { number($0["v"]) }
        #expect(values.count == 60 - gaps)
        #expect(values.allSatisfy { (600...1_900).contains($0) && $0 == $0.rounded() })
    }

    @Test func eachServiceHasAStateSinceATimeBeforeNowAndLatencyOnlyWhileNotDown() throws {
        let services = list(data()["services"])
        #expect(services.compactMap { $0["name"]?.text } == ["api", "search", "billing"])
        let latency = list(data()["latency"]?["series"])
        for (service, series) in zip(services, latency) {
            let state = try #require(service["state"]?.text)
            #expect(["up", "degraded", "down"].contains(state))
            let since = try #require(service["since"]?.text).flatMap { try? Date($0, strategy: .iso8601) }
            let seconds = try #require(since).timeIntervalSince1970
            #expect(seconds <= Self.instant && seconds > Self.instant - 4 * 3_600)
            #expect(series["name"] == service["name"])
            let latest = list(series["points"]).last?["v"]
            #expect((latest == .null) == (state == "down"))
        }
    }

    @Test func servicesChangeStateOverADay() {
        let states = Set(
            stride(from: 0.0, to: 86_400, by: 300).flatMap { offset in
                list(data(Self.instant + offset)["services"]).compactMap { $0["state"]?.text }
            })
        #expect(states == ["up", "degraded", "down"])
    }

    @Test func alertsCountTheServicesNotUpAndAHighErrorRate() throws {
        for offset in stride(from: 0.0, to: 7_200, by: 130) {
            let data = data(Self.instant + offset)
            let notUp = list(data["services"]).filter { $0["state"]?.text != "up" }.count
            let rate = try #require(number(data["errors"]?["rate"]))
            #expect(number(data["alerts"]?["open"]) == Double(notUp + (rate >= 0.02 ? 1 : 0)))
            #expect((0..<0.05).contains(rate))
        }
    }

    @Test func deploysAreTheLastFiveNewestFirstAndNoneInTheFuture() throws {
        let deploys = list(data()["deploys"])
        #expect(deploys.count == 5)
        let times = try deploys.map { deploy in
            try #require(deploy["at"].flatMap { try? Date($0.text, strategy: .iso8601) })
                .timeIntervalSince1970
        }
        #expect(times == times.sorted(by: >))
        #expect(times.allSatisfy { $0 <= Self.instant })
        #expect(deploys.allSatisfy { ["ok", "rolled back"].contains($0["result"]?.text ?? "") })
    }

    @Test func diskSpaceFallsThenIsCleanedUp() throws {
        let free = (0..<20).compactMap {
            number(data(Self.instant + Double($0) * 900)["disk"]?["freePercent"])
        }
        #expect(free.allSatisfy { (24...64).contains($0) })
        let rises = zip(free, free.dropFirst()).filter { $1 > $0 }.count
        #expect(rises == 1)
    }

    @Test func theBarsAreErrorsPerMinuteByService() {
        let bars = list(data()["errors"]?["byService"])
        #expect(bars.compactMap { $0["label"]?.text } == ["api", "search", "billing"])
        #expect(bars.allSatisfy { number($0["v"]).map { $0 >= 0 } ?? false })
    }

    @Test func theSourceAsksItsClockAtEachLoad() async throws {
        let clock = TestClock(Self.instant)
        guard case .provider(let provider) = SimulatedSource.ops.source(cacheSeconds: 5, now: { clock.now })
        else {
            Issue.record("not a provider")
            return
        }
        #expect(provider.cacheSeconds == 5)
        #expect(try await provider.load() == data())
        clock.advance(by: 3_600)
        #expect(try await provider.load() == data(Self.instant + 3_600))
    }
}
