import Foundation

/// A tiny line with no axes or labels, its latest reading marked: the
/// shape of a series at a glance.
public struct SparklineLayout: Sendable, Equatable {
    public var bounds: ChartRect
    /// The line's unbroken pieces; a missing reading breaks it.
    public var segments: [[ChartPoint]]
    /// The latest finite reading, marked with a dot.
    public var latest: ChartPoint?
    /// The marker's radius; the line is inset by it so the dot is never clipped.
    public var markerRadius: Double

    /// Lays `points` out across `width` x `height`, earliest on the left
    /// (on the right when `rightToLeft`).
    public init(
        points: [TimeSeriesPoint], width: Double, height: Double, markerRadius: Double = 2,
        rightToLeft: Bool = false
    ) {
        bounds = ChartRect(x: 0, y: 0, width: width, height: height)
        self.markerRadius = markerRadius
        let inner = bounds.outset(by: -markerRadius)
        let extent = finiteExtent(of: points.lazy.map(\.value)) ?? (0, 1)
        let valueScale = LinearScale(domain: (extent.minimum, extent.maximum), range: (inner.maxY, inner.y))
        let timeScale = TimeScale(
            from: points.first?.time ?? Date(timeIntervalSince1970: 0),
            to: points.last?.time ?? Date(timeIntervalSince1970: 0),
            range: rightToLeft ? (inner.maxX, inner.x) : (inner.x, inner.maxX), timeZone: .gmt)
        let line = SeriesGeometry(
            seriesIndex: 0, points: points, timeScale: timeScale, valueScale: valueScale, areaBaseline: nil)
        segments = line.segments
        latest = line.segments.last?.last
    }
}
