extension BarChartLayout {
    /// Lays `categories` out in a `width` x `height` chart: upright bars
    /// when every category label fits under its bar, bars across with the
    /// labels beside them otherwise.
    public init(categories: [BarCategory], width: Double, height: Double, labelling: ChartLabelling) {
        let style = labelling.style
        let labels = labelling.labels
        let rightToLeft = labelling.rightToLeft
        let extent = finiteExtent(of: categories.map(\.value)) ?? (0, 1)
        let labelWidths = categories.map { labels.width(of: $0.label) }
        let bounds = ChartRect(x: 0, y: 0, width: width, height: height)

        let categoryTop = height - style.lineHeight
        let plotTop = style.lineHeight / 2
        let plotBottom = max(
            plotTop, categoryTop - max(style.tickLength, style.lineHeight / 2) - style.labelGap / 2)
        let upright = ValueAxis(
            minimum: extent.minimum, maximum: extent.maximum, includesZero: true,
            range: (plotBottom, plotTop),
            spacing: style.valueTickSpacing, format: labelling.formatValue, labels: labels)
        let gutter = upright.widestLabel + style.tickLength + style.labelGap
        let plotWidth = max(0, width - gutter - style.labelGap)
        let band = plotWidth / Double(max(1, categories.count))
        if labelWidths.allSatisfy({ $0 <= band - style.labelGap }) {
            let plot = ChartRect(
                x: rightToLeft ? style.labelGap : gutter, y: plotTop, width: plotWidth,
                height: plotBottom - plotTop)
            let baseline = upright.scale.position(of: 0)
            var bars: [BarGeometry] = []
            var categoryLabels: [ChartLabel?] = []
            for (index, category) in categories.enumerated() {
                let bandX = rightToLeft ? plot.maxX - Double(index + 1) * band : plot.x + Double(index) * band
                categoryLabels.append(
                    labels.label(
                        category.label, anchorX: bandX + band / 2, anchor: .centre, top: categoryTop,
                        width: labelWidths[index]))
                guard category.value.isFinite else { continue }
                let top = upright.scale.position(of: category.value)
                bars.append(
                    BarGeometry(
                        categoryIndex: index,
                        rect: ChartRect(
                            x: bandX + band * (1 - Self.barShare) / 2, y: min(top, baseline),
                            width: band * Self.barShare,
                            height: abs(top - baseline)), value: category.value))
            }
            self.init(
                bounds: bounds, plot: plot, orientation: .vertical,
                valueTicks: upright.uprightTicks(besides: plot, rightToLeft: rightToLeft, labels: labels),
                categoryLabels: categoryLabels, bars: bars, baseline: baseline, rightToLeft: rightToLeft)
            return
        }
        self.init(
            horizontal: categories, labelWidths: labelWidths, extent: extent, bounds: bounds,
            labelling: labelling)
    }

    /// Bars across, category labels (shortened to at most 40 % of the width) beside them.
    private init(
        horizontal categories: [BarCategory], labelWidths: [Double],
        extent: (minimum: Double, maximum: Double),
        bounds: ChartRect, labelling: ChartLabelling
    ) {
        let style = labelling.style
        let labels = labelling.labels
        let rightToLeft = labelling.rightToLeft
        let categoryWidth = min(labelWidths.max() ?? 0, bounds.width * 0.4)
        let valueTop = bounds.height - style.lineHeight
        let plotBottom = max(0, valueTop - style.tickLength - style.labelGap / 2)
        let plotLeft = rightToLeft ? style.labelGap : categoryWidth + style.labelGap
        let plotRight = max(
            plotLeft, bounds.width - (rightToLeft ? categoryWidth + style.labelGap : style.labelGap))
        let plot = ChartRect(x: plotLeft, y: 0, width: plotRight - plotLeft, height: plotBottom)
        let across = ValueAxis(
            minimum: extent.minimum, maximum: extent.maximum, includesZero: true,
            range: rightToLeft ? (plot.maxX, plot.x) : (plot.x, plot.maxX), spacing: style.timeTickSpacing,
            format: labelling.formatValue, labels: labels)
        let baseline = across.scale.position(of: 0)
        let band = plot.height / Double(max(1, categories.count))
        var bars: [BarGeometry] = []
        var placed: [ChartLabel] = []
        for (index, category) in categories.enumerated() {
            let bandY = plot.y + Double(index) * band
            let (text, textWidth) = labels.fitted(category.label, maximum: categoryWidth)
            placed.append(
                labels.label(
                    text,
                    anchorX: rightToLeft ? plot.maxX + style.labelGap / 2 : plot.x - style.labelGap / 2,
                    anchor: rightToLeft ? .left : .right, top: bandY + band / 2 - style.lineHeight / 2,
                    width: textWidth
                ).keptWithin(top: 0, bottom: plot.maxY))
            guard category.value.isFinite else { continue }
            let end = across.scale.position(of: category.value)
            bars.append(
                BarGeometry(
                    categoryIndex: index,
                    rect: ChartRect(
                        x: min(end, baseline), y: bandY + band * (1 - Self.barShare) / 2,
                        width: abs(end - baseline),
                        height: band * Self.barShare), value: category.value))
        }
        let kept = Set(thinnedIndices(placed, gap: 0))
        self.init(
            bounds: bounds, plot: plot, orientation: .horizontal,
            valueTicks: across.acrossTicks(top: valueTop, width: bounds.width, labels: labels),
            categoryLabels: placed.indices.map { kept.contains($0) ? placed[$0] : nil }, bars: bars,
            baseline: baseline, rightToLeft: rightToLeft)
    }
}
