import FolioTemplate
import Foundation

extension OpsSimulation {
    static let seriesMinutes = 60

    /// The minutes of the last hour, oldest first, the current one last.
    var minutes: [Int] {
        let current = Int((now / 60).rounded(.down))
        return Array(current - Self.seriesMinutes + 1...current)
    }

    /// Two or three minutes an hour have no point: the collector missed them.
    func isGap(_ minute: Int) -> Bool { minute % 23 == 5 }

    var requestSeries: [TemplateValue] {
        minutes.map { minute in
            let time = Double(minute) * 60
            return point(time, isGap(minute) ? nil : requests(at: time, key: minute &* 7))
        }
    }

    /// Each service's p95 latency: slower while degraded, none while down.
    var latencySeries: [TemplateValue] {
        Self.services.indices.map { index in
            let points = minutes.map { minute -> TemplateValue in
                let time = Double(minute) * 60
                let state = state(of: index, window: window(at: time))
                guard state != "down", !isGap(minute) else { return point(time, nil) }
                let wave: Double = 30 * sin(Double(minute) / 9)
                let base: Double = 120 + 60 * Double(index) + wave
                let slow: Double = state == "degraded" ? 2.5 : 1
                let jitter = noise.value(minute, 30 + UInt64(index), in: 0...25)
                return point(time, (base * slow + jitter).rounded())
            }
            return .object(
                TemplateObject([("name", .string(Self.services[index])), ("points", .array(points))]))
        }
    }

    private func point(_ time: Double, _ value: Double?) -> TemplateValue {
        .object(TemplateObject([("t", .number(time)), ("v", value.map(TemplateValue.number) ?? .null)]))
    }
}
