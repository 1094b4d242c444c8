/// One entry of a chart's legend: a sample of the series' line and its name.
public struct LegendItem: Sendable, Equatable {
    /// The series this entry names.
    public var seriesIndex: Int
    /// Where the line sample is drawn; the line runs along its middle.
    public var swatch: ChartRect
    /// The series name.
    public var label: ChartLabel

    public init(seriesIndex: Int, swatch: ChartRect, label: ChartLabel) {
        self.seriesIndex = seriesIndex
        self.swatch = swatch
        self.label = label
    }
}

/// Lays legend entries out in lines across `width`, wrapping before an
/// entry that would not fit and shortening a name wider than a line.
struct LegendLayout {
    var items: [LegendItem] = []
    var height: Double = 0

    init(names: [String], width: Double, rightToLeft: Bool, labels: LabelMaker) {
        guard !names.isEmpty else { return }
        let style = labels.style
        let spacing = style.labelGap * 3
        let textMaximum = max(0, width - style.swatchWidth - style.labelGap)
        var x = 0.0
        var top = 0.0
        for (index, name) in names.enumerated() {
            let (text, textWidth) = labels.fitted(name, maximum: textMaximum)
            let itemWidth = style.swatchWidth + style.labelGap + textWidth
            if x > 0 && x + itemWidth > width {
                x = 0
                top += style.lineHeight
            }
            var swatch = ChartRect(x: x, y: top, width: style.swatchWidth, height: style.lineHeight)
            var label = labels.label(
                text, anchorX: x + style.swatchWidth + style.labelGap, anchor: .left, top: top,
                width: textWidth)
            if rightToLeft {
                swatch.x = width - swatch.maxX
                label = labels.label(
                    text, anchorX: width - label.box.x, anchor: .right, top: top, width: textWidth)
            }
            items.append(LegendItem(seriesIndex: index, swatch: swatch, label: label))
            x += itemWidth + spacing
        }
        height = top + style.lineHeight
    }
}
