/// One tick of an axis: where it sits along the axis and its label, if it
/// kept one after thinning.
public struct AxisTick: Sendable, Equatable {
    /// The pixel along the axis (y for a value axis drawn upright, x otherwise).
    public var position: Double
    /// The label, or nil when thinned out to make room for its neighbours.
    public var label: ChartLabel?

    public init(position: Double, label: ChartLabel?) {
        self.position = position
        self.label = label
    }
}

/// A value axis before it is placed: its niced scale, ticks and their
/// measured labels, so the gutter can be as wide as the widest.
struct ValueAxis {
    var scale: LinearScale
    var ticks: [Double]
    var texts: [String]
    var widths: [Double]

    var widestLabel: Double { widths.max() ?? 0 }

    /// An axis over `minimum`...`maximum` (zero included when asked) mapped
    /// to `range`, with about one tick per `spacing` pixels.
    init(
        minimum: Double, maximum: Double, includesZero: Bool, range: (Double, Double), spacing: Double,
        format: (Double) -> String, labels: LabelMaker
    ) {
        var low = includesZero ? min(0, minimum) : minimum
        var high = includesZero ? max(0, maximum) : maximum
        if low == high {
            // A flat series still gets an axis around its value.
            let pad = low == 0 ? 1 : abs(low) / 10
            (low, high) = (
                includesZero && low >= 0 ? low : low - pad, includesZero && high <= 0 ? high : high + pad
            )
        }
        let count = max(2, Int(abs(range.1 - range.0) / spacing))
        scale = LinearScale(domain: (low, high), range: range).niced(count: count)
        ticks = scale.ticks(count: count)
        texts = ticks.map(format)
        widths = texts.map(labels.width(of:))
    }
}
