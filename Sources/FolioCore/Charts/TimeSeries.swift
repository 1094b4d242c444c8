import Foundation

/// One reading of a series; a NaN or infinite value is a missing reading,
/// drawn as a gap in the line.
public struct TimeSeriesPoint: Sendable, Equatable {
    public var time: Date
    public var value: Double

    public init(time: Date, value: Double) {
        self.time = time
        self.value = value
    }
}

/// A named series of readings in time order.
public struct TimeSeries: Sendable, Equatable {
    public var name: String
    public var points: [TimeSeriesPoint]

    public init(name: String, points: [TimeSeriesPoint]) {
        self.name = name
        self.points = points
    }
}

/// A value called out on a chart with its own label.
public enum CallOutKind: Sendable, Equatable, CaseIterable {
    case latest
    case maximum
    case minimum
}

/// How a chart's labels are worded, measured and laid out: the parts of a
/// chart that come from the page rather than the data.
public struct ChartLabelling: Sendable {
    /// A value as shown on the value axis and in call-outs.
    public var formatValue: @Sendable (Double) -> String
    /// A time as shown on the time axis.
    public var formatTime: @Sendable (Date) -> String
    /// Measures label text as the browser will draw it.
    public var measurer: any TextMeasuring
    public var style: ChartStyle
    /// Whether the time axis runs right to left and the value axis sits on the right.
    public var rightToLeft: Bool
    /// The zone whose calendar places time ticks.
    public var timeZone: TimeZone

    public init(
        formatValue: @escaping @Sendable (Double) -> String, formatTime: @escaping @Sendable (Date) -> String,
        measurer: any TextMeasuring, style: ChartStyle = ChartStyle(), rightToLeft: Bool = false,
        timeZone: TimeZone
    ) {
        self.formatValue = formatValue
        self.formatTime = formatTime
        self.measurer = measurer
        self.style = style
        self.rightToLeft = rightToLeft
        self.timeZone = timeZone
    }

    var labels: LabelMaker { LabelMaker(measurer: measurer, style: style) }
}
