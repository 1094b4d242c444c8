extension ValueAxis {
    /// The ticks of an upright axis in the gutter beside `plot` (left, or
    /// right for right to left), each label centred on its tick, thinned
    /// until none overlap.
    func uprightTicks(besides plot: ChartRect, rightToLeft: Bool, labels: LabelMaker) -> [AxisTick] {
        let style = labels.style
        let anchorX =
            rightToLeft
            ? plot.maxX + style.tickLength + style.labelGap / 2
            : plot.x - style.tickLength - style.labelGap / 2
        let placed = ticks.indices.map { index in
            labels.label(
                texts[index], anchorX: anchorX, anchor: rightToLeft ? .left : .right,
                top: scale.position(of: ticks[index]) - style.lineHeight / 2, width: widths[index])
        }
        return axisTicks(placed, gap: 0) { scale.position(of: ticks[$0]) }
    }

    /// The ticks of an axis across the bottom with label tops at `top`, each
    /// label centred under its tick but kept inside `0...width`, thinned
    /// until none overlap.
    func acrossTicks(top: Double, width: Double, labels: LabelMaker) -> [AxisTick] {
        let placed = ticks.indices.map { index in
            labels.label(
                texts[index], anchorX: scale.position(of: ticks[index]), anchor: .centre, top: top,
                width: widths[index]
            ).keptWithin(left: 0, right: width)
        }
        return axisTicks(placed, gap: labels.style.labelGap) { scale.position(of: ticks[$0]) }
    }
}

/// Ticks at `position(index)` keeping the labels that survive thinning.
func axisTicks(_ labels: [ChartLabel], gap: Double, position: (Int) -> Double) -> [AxisTick] {
    let kept = Set(thinnedIndices(labels, gap: gap))
    return labels.indices.map {
        AxisTick(position: position($0), label: kept.contains($0) ? labels[$0] : nil)
    }
}
