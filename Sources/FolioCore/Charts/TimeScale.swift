import Foundation

/// Maps a span of time linearly to a range of pixels, with ticks on
/// calendar boundaries in a time zone (d3-scale's `scaleTime`).
public struct TimeScale: Sendable, Equatable {
    /// The time mapped to ``linear``'s range start.
    public var start: Date
    /// The time mapped to ``linear``'s range end.
    public var end: Date
    /// The zone whose local clock places the ticks.
    public var timeZone: TimeZone
    /// The seconds-since-1970 scale underneath.
    public var linear: LinearScale

    /// Creates a scale from `start`...`end` to `range`.
    public init(from start: Date, to end: Date, range: (Double, Double), timeZone: TimeZone) {
        self.start = start
        self.end = end
        self.timeZone = timeZone
        linear = LinearScale(
            domain: (start.timeIntervalSince1970, end.timeIntervalSince1970), range: range)
    }

    /// The pixel for `date`.
    public func position(of date: Date) -> Double { linear.position(of: date.timeIntervalSince1970) }

    /// The time at `pixel`.
    public func date(at pixel: Double) -> Date { Date(timeIntervalSince1970: linear.value(at: pixel)) }

    /// The calendar interval giving about `count` ticks over the scale's span.
    public func interval(count: Int) -> CalendarInterval {
        CalendarInterval.about(count, over: end.timeIntervalSince(start))
    }

    /// About `count` ticks on calendar boundaries, earliest first.
    public func ticks(count: Int) -> [Date] {
        interval(count: count).ticks(from: start, to: end, in: timeZone)
    }
}
