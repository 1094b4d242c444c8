/// The sizes a chart is laid out with, in CSS pixels.
public struct ChartStyle: Sendable, Equatable {
    /// The font size of every label.
    public var fontSize: Double
    /// A label's box height as a multiple of the font size: one line.
    public var lineHeightRatio: Double
    /// The baseline's depth in a label's box, as a multiple of the font
    /// size: the font's ascent plus half the leading.
    public var baselineRatio: Double
    /// The length of an axis tick mark.
    public var tickLength: Double
    /// The least space kept between two labels, and between a label and the edge it sits by.
    public var labelGap: Double
    /// The width of a legend swatch.
    public var swatchWidth: Double
    /// The least vertical distance between two value-axis ticks.
    public var valueTickSpacing: Double
    /// The least horizontal distance between two time-axis ticks before thinning.
    public var timeTickSpacing: Double

    public init(
        fontSize: Double = 12, lineHeightRatio: Double = 1.2, baselineRatio: Double = 0.95,
        tickLength: Double = 4, labelGap: Double = 4, swatchWidth: Double = 18,
        valueTickSpacing: Double = 32, timeTickSpacing: Double = 72
    ) {
        self.fontSize = fontSize
        self.lineHeightRatio = lineHeightRatio
        self.baselineRatio = baselineRatio
        self.tickLength = tickLength
        self.labelGap = labelGap
        self.swatchWidth = swatchWidth
        self.valueTickSpacing = valueTickSpacing
        self.timeTickSpacing = timeTickSpacing
    }

    /// One line's height.
    public var lineHeight: Double { fontSize * lineHeightRatio }

    /// The baseline's distance below a label box's top.
    public var baselineOffset: Double { fontSize * baselineRatio }
}
