import Foundation

/// One series of a laid-out chart: its line, broken at missing readings,
/// and the area under each piece when filled.
public struct SeriesGeometry: Sendable, Equatable {
    public var seriesIndex: Int
    /// The line's unbroken pieces, left to right in time order.
    public var segments: [[ChartPoint]]
    /// For a filled chart, one closed outline per segment down to the baseline.
    public var areas: [[ChartPoint]]

    public init(seriesIndex: Int, segments: [[ChartPoint]], areas: [[ChartPoint]]) {
        self.seriesIndex = seriesIndex
        self.segments = segments
        self.areas = areas
    }
}

/// A value called out on the chart: the point and its label.
public struct CallOut: Sendable, Equatable {
    public var kind: CallOutKind
    public var point: ChartPoint
    public var value: Double
    public var label: ChartLabel

    public init(kind: CallOutKind, point: ChartPoint, value: Double, label: ChartLabel) {
        self.kind = kind
        self.point = point
        self.value = value
        self.label = label
    }
}

/// A time-series chart laid out in pixels: every path and label placed, so
/// that no two labels overlap and none leaves ``bounds``.
public struct TimeSeriesLayout: Sendable, Equatable {
    /// The whole chart, from (0, 0).
    public var bounds: ChartRect
    /// Where the lines are drawn.
    public var plot: ChartRect
    /// Value-axis ticks; `position` is the y.
    public var valueTicks: [AxisTick]
    /// Time-axis ticks; `position` is the x.
    public var timeTicks: [AxisTick]
    public var series: [SeriesGeometry]
    public var callOuts: [CallOut]
    public var legend: [LegendItem]
    /// The time axis runs right to left and the value axis sits on the right.
    public var rightToLeft: Bool

    public init(
        bounds: ChartRect, plot: ChartRect, valueTicks: [AxisTick], timeTicks: [AxisTick],
        series: [SeriesGeometry], callOuts: [CallOut], legend: [LegendItem], rightToLeft: Bool
    ) {
        self.bounds = bounds
        self.plot = plot
        self.valueTicks = valueTicks
        self.timeTicks = timeTicks
        self.series = series
        self.callOuts = callOuts
        self.legend = legend
        self.rightToLeft = rightToLeft
    }

    /// Every label drawn, for checking and for the markup.
    public var labels: [ChartLabel] {
        valueTicks.compactMap(\.label) + timeTicks.compactMap(\.label) + callOuts.map(\.label)
            + legend.map(\.label)
    }
}
