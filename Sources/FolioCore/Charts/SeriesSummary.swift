import Foundation

/// What a chart's accessible name says of a series: the span of time it
/// covers and its latest, lowest and highest readings. Numbers only; the
/// words belong to the page.
public struct SeriesSummary: Sendable, Equatable {
    /// The first reading's time, missing or not.
    public var start: Date
    /// The last reading's time.
    public var end: Date
    /// The latest finite reading; nil when every reading is missing.
    public var latest: TimeSeriesPoint?
    /// The lowest finite reading (the latest of equals).
    public var minimum: TimeSeriesPoint?
    /// The highest finite reading (the latest of equals).
    public var maximum: TimeSeriesPoint?

    /// The summary of `points`; nil for no readings at all.
    public init?(points: [TimeSeriesPoint]) {
        guard let first = points.first, let last = points.last else { return nil }
        start = first.time
        end = last.time
        latest = CallOutPlacer.index(of: .latest, in: points).map { points[$0] }
        minimum = CallOutPlacer.index(of: .minimum, in: points).map { points[$0] }
        maximum = CallOutPlacer.index(of: .maximum, in: points).map { points[$0] }
    }
}
