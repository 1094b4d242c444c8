import Foundation

/// The distance between ticks, a power of ten times 1, 2 or 5, kept as a
/// whole multiplier or a whole divisor so a tick is `index * multiplier` or
/// `index / divisor`: 3 / 10 prints 0.3 where 3 * 0.1 prints 0.30000000000000004.
///
/// The same choice as d3-array's `tickIncrement`.
public struct TickSpacing: Sendable, Equatable {
    /// The step when it is 1 or more, else 1.
    public var multiplier: Double
    /// The reciprocal of the step when it is below 1, else 1.
    public var divisor: Double

    /// The step between two ticks.
    public var step: Double { multiplier / divisor }

    /// The tick at `index` steps from zero.
    public func value(at index: Double) -> Double { index * multiplier / divisor }

    /// The index of the first tick at or after `value`.
    public func index(atOrAfter value: Double) -> Double { (value * divisor / multiplier).rounded(.up) }

    /// The index of the last tick at or before `value`.
    public func index(atOrBefore value: Double) -> Double { (value * divisor / multiplier).rounded(.down) }

    /// The spacing that gives about `count` ticks between `start` and `stop`
    /// (either order); nil when the span is empty, not finite, or `count` < 1.
    public static func about(_ count: Int, from start: Double, to stop: Double) -> TickSpacing? {
        let span = abs(stop - start)
        guard count > 0, span > 0, span.isFinite else { return nil }
        let rough = span / Double(count)
        let power = (log10(rough)).rounded(.down)
        let error = rough / pow(10, power)
        let factor: Double =
            error >= 50.squareRoot() ? 10 : error >= 10.squareRoot() ? 5 : error >= 2.squareRoot() ? 2 : 1
        if power < 0 {
            return TickSpacing(multiplier: 1, divisor: pow(10, -power) / factor)
        }
        return TickSpacing(multiplier: pow(10, power) * factor, divisor: 1)
    }
}

/// About `count` round values between `start` and `stop`, inclusive, in the
/// domain's order: a power of ten times 1, 2 or 5 apart (d3's `ticks`).
///
/// A zero-width domain has one tick; a non-finite bound or `count` < 1 has none.
public func niceTicks(from start: Double, to stop: Double, count: Int) -> [Double] {
    guard start.isFinite, stop.isFinite, count > 0 else { return [] }
    if start == stop { return [start] }
    let low = min(start, stop)
    let high = max(start, stop)
    guard let spacing = TickSpacing.about(count, from: low, to: high) else { return [] }
    let first = spacing.index(atOrAfter: low)
    let last = spacing.index(atOrBefore: high)
    guard last >= first else { return [] }
    let ticks = stride(from: first, through: last, by: 1).map { spacing.value(at: $0) }
    return start <= stop ? ticks : ticks.reversed()
}
