import Foundation

/// A calendar step between time ticks: so many seconds, minutes or hours
/// of the local clock, or a local day, week, month or years.
public enum CalendarInterval: Sendable, Equatable, CustomStringConvertible {
    case seconds(Int)
    case minutes(Int)
    case hours(Int)
    case day
    case week
    case month
    case years(Int)

    /// The intervals a time axis chooses from, shortest first (d3-time's list
    /// without milliseconds); years beyond one are chosen by ``TickSpacing``.
    public static let ladder: [CalendarInterval] = [
        .seconds(1), .seconds(5), .seconds(15), .seconds(30),
        .minutes(1), .minutes(5), .minutes(15), .minutes(30),
        .hours(1), .hours(3), .hours(6), .hours(12),
        .day, .week, .month, .years(1),
    ]

    /// The interval's typical length in seconds, for choosing between them.
    public var approximateSeconds: Double {
        switch self {
        case .seconds(let count): Double(count)
        case .minutes(let count): Double(count) * 60
        case .hours(let count): Double(count) * 3600
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30 * 86_400
        case .years(let count): Double(count) * 365 * 86_400
        }
    }

    public var description: String {
        switch self {
        case .seconds(let count): "\(count) s"
        case .minutes(let count): "\(count) min"
        case .hours(let count): "\(count) h"
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .years(let count): "\(count) y"
        }
    }

    /// The interval giving about `count` ticks over `seconds`: the one whose
    /// length is nearest (by ratio) to `seconds / count`, as d3's `ticks`.
    public static func about(_ count: Int, over seconds: Double) -> CalendarInterval {
        let target = abs(seconds) / Double(max(1, count))
        guard let above = ladder.firstIndex(where: { $0.approximateSeconds > target }) else {
            let years = abs(seconds) / CalendarInterval.years(1).approximateSeconds
            let step = TickSpacing.about(count, from: 0, to: years)?.step ?? 1
            return .years(max(1, Int(step.rounded())))
        }
        guard above > 0 else { return ladder[0] }
        let below = ladder[above - 1]
        let aboveInterval = ladder[above]
        return target / below.approximateSeconds < aboveInterval.approximateSeconds / target
            ? below : aboveInterval
    }
}
