import FolioTemplate
import Foundation

/// The made-up data of an operations dashboard at one instant, the data of
/// `"simulate": "ops"`:
///
/// - `services`: `api`, `search`, `billing`, each `{"name", "state", "since"}`,
///   state `up`, `degraded` or `down` (one draw per 5 minutes), since an ISO 8601 time;
/// - `requests`: `perMinute` and the `previous` value (10 s earlier), and
///   `series`, the last hour at one point a minute, `{"t": epoch seconds,
///   "v": number or null}`, null where a minute is missing (two or three an hour);
/// - `errors`: `rate` (a ratio, 0.0177 is 1.77 %) and its `previous`, and
///   `byService`, errors per minute as `{"label", "v"}`;
/// - `latency`: `{"series": [{"name", "points"}]}`, each service's p95 in ms
///   over the last hour, null while the service is down;
/// - `deploys`: the last five, newest first, `{"service", "version", "at", "by", "result"}`;
/// - `disk`: `freePercent`, falling over four hours, then cleaned up;
/// - `alerts`: `open`, one per service not up and one for an error rate of 2 % or more.
///
/// Current values change every 10 s, series every minute.
struct OpsSimulation {
    static let services = ["api", "search", "billing"]
    static let people = ["ana", "bo", "chen", "dara"]
    static let stepSeconds = 10.0
    static let windowSeconds = 300.0
    static let deploySeconds = 2_220.0

    let now: Double
    let noise = SimulatedNoise(seed: 0x466F_6C69_6F4F_7073)

    var value: TemplateValue {
        let step = Int((now / Self.stepSeconds).rounded(.down))
        let rate = errorRate(step: step)
        let states = Self.services.indices.map { state(of: $0, window: window(at: now)) }
        let alerts = states.filter { $0 != "up" }.count + (rate >= 0.02 ? 1 : 0)
        let perMinute = requests(at: now, key: step)
        return .object(
            TemplateObject([
                ("generatedAt", .string(Self.iso(now))),
                ("services", .array(Self.services.indices.map(service))),
                (
                    "requests",
                    .object(
                        TemplateObject([
                            ("perMinute", .number(perMinute)),
                            ("previous", .number(requests(at: now - Self.stepSeconds, key: step - 1))),
                            ("series", .array(requestSeries)),
                        ]))
                ),
                (
                    "errors",
                    .object(
                        TemplateObject([
                            ("rate", .number(rate)), ("previous", .number(errorRate(step: step - 1))),
                            ("byService", .array(errorsByService(perMinute: perMinute, rate: rate))),
                        ]))
                ),
                ("latency", .object(TemplateObject([("series", .array(latencySeries))]))),
                ("deploys", .array(deploys)),
                ("disk", .object(TemplateObject([("freePercent", .number(diskFree))]))),
                ("alerts", .object(TemplateObject([("open", .number(Double(alerts)))]))),
            ]))
    }

    // MARK: Services

    func window(at time: Double) -> Int { Int((time / Self.windowSeconds).rounded(.down)) }

    /// Mostly up: down one window in 16, degraded one in 6.
    func state(of service: Int, window: Int) -> String {
        let draw = noise.fraction(window, 10 + UInt64(service))
        return draw < 0.06 ? "down" : draw < 0.22 ? "degraded" : "up"
    }

    private func service(_ index: Int) -> TemplateValue {
        let current = window(at: now)
        let state = state(of: index, window: current)
        var start = current
        while current - start < 48, self.state(of: index, window: start - 1) == state { start -= 1 }
        return .object(
            TemplateObject([
                ("name", .string(Self.services[index])), ("state", .string(state)),
                ("since", .string(Self.iso(Double(start) * Self.windowSeconds))),
            ]))
    }

    // MARK: Traffic

    /// Requests per minute: a slow swell, a faster ripple, and noise drawn for `key`.
    func requests(at time: Double, key: Int) -> Double {
        let swell = 350 * sin(2 * .pi * time / 5_400) + 120 * sin(2 * .pi * time / 900)
        return (1_200 + swell + noise.value(key, 1, in: -60...60)).rounded()
    }

    /// Mostly under 1 %, with a spike in about one minute of seven.
    func errorRate(step: Int) -> Double {
        let base = 0.006 + 0.004 * sin(Double(step) / 40) + noise.value(step, 2, in: 0...0.002)
        let spike = noise.fraction(step / 6, 3) < 0.15 ? 0.03 : 0
        return ((base + spike) * 10_000).rounded() / 10_000
    }

    private func errorsByService(perMinute: Double, rate: Double) -> [TemplateValue] {
        let shares = [0.55, 0.3, 0.15]
        return Self.services.indices.map { index in
            .object(
                TemplateObject([
                    ("label", .string(Self.services[index])),
                    ("v", .number((perMinute * rate * shares[index]).rounded())),
                ]))
        }
    }

    // MARK: Deploys and disk

    private var deploys: [TemplateValue] {
        let slot = Int((now / Self.deploySeconds).rounded(.down))
        let times = (slot - 5...slot).reversed().map { slot in
            (slot, Double(slot) * Self.deploySeconds + noise.value(slot, 22, in: 0...600).rounded())
        }
        return times.filter { $0.1 <= now }.prefix(5).map { slot, time in
            let service = Self.services[Int(noise.fraction(slot, 20) * 3)]
            let version = "1.\(slot % 50).\(Int(noise.fraction(slot, 21) * 10))"
            return .object(
                TemplateObject([
                    ("service", .string(service)), ("version", .string(version)),
                    ("at", .string(Self.iso(time))),
                    ("by", .string(Self.people[Int(noise.fraction(slot, 24) * 4)])),
                    ("result", .string(noise.fraction(slot, 23) < 0.15 ? "rolled back" : "ok")),
                ]))
        }
    }

    /// 64 % free after a clean-up, falling to 24 % over four hours.
    var diskFree: Double {
        let elapsed = now.truncatingRemainder(dividingBy: 14_400) / 14_400
        return ((64 - 40 * elapsed) * 10).rounded() / 10
    }

    static func iso(_ time: Double) -> String {
        Date(timeIntervalSince1970: time).formatted(.iso8601)
    }
}
