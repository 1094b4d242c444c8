/// One bar's category and value.
public struct BarCategory: Sendable, Equatable {
    public var label: String
    /// A NaN or infinite value draws no bar.
    public var value: Double

    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }
}

/// Which way a bar chart's bars run.
public enum BarOrientation: Sendable, Equatable {
    /// Upright bars, category labels underneath.
    case vertical
    /// Bars across, category labels beside them: for labels too long to fit under a bar.
    case horizontal
}

/// One drawn bar.
public struct BarGeometry: Sendable, Equatable {
    public var categoryIndex: Int
    public var rect: ChartRect
    public var value: Double

    public init(categoryIndex: Int, rect: ChartRect, value: Double) {
        self.categoryIndex = categoryIndex
        self.rect = rect
        self.value = value
    }
}

/// A bar chart laid out in pixels: no two labels overlap and none leaves ``bounds``.
public struct BarChartLayout: Sendable, Equatable {
    public var bounds: ChartRect
    public var plot: ChartRect
    public var orientation: BarOrientation
    /// Value-axis ticks: `position` is the y for vertical bars, the x for horizontal ones.
    public var valueTicks: [AxisTick]
    /// One label per category, nil where thinned out; shortened with "…" when too long.
    public var categoryLabels: [ChartLabel?]
    public var bars: [BarGeometry]
    /// The pixel of the value zero, where bars start.
    public var baseline: Double
    /// Categories run right to left and the value axis sits on the right.
    public var rightToLeft: Bool

    public init(
        bounds: ChartRect, plot: ChartRect, orientation: BarOrientation, valueTicks: [AxisTick],
        categoryLabels: [ChartLabel?], bars: [BarGeometry], baseline: Double, rightToLeft: Bool
    ) {
        self.bounds = bounds
        self.plot = plot
        self.orientation = orientation
        self.valueTicks = valueTicks
        self.categoryLabels = categoryLabels
        self.bars = bars
        self.baseline = baseline
        self.rightToLeft = rightToLeft
    }

    /// Every label drawn.
    public var labels: [ChartLabel] { valueTicks.compactMap(\.label) + categoryLabels.compactMap { $0 } }

    /// The share of a band a bar fills; the rest separates neighbours.
    static let barShare = 0.7
}
