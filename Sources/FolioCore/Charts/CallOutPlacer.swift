/// Places call-out labels inside the plot, next to their points, dropping
/// any that would overlap one placed before it.
struct CallOutPlacer {
    var plot: ChartRect
    var labels: LabelMaker
    var format: (Double) -> String

    func place(
        _ kinds: [CallOutKind], of points: [TimeSeriesPoint], timeScale: TimeScale, valueScale: LinearScale
    ) -> [CallOut] {
        let style = labels.style
        guard plot.height >= style.lineHeight * 2 else { return [] }
        var placed: [CallOut] = []
        var usedIndices: Set<Int> = []
        for kind in kinds {
            guard let index = Self.index(of: kind, in: points), usedIndices.insert(index).inserted else {
                continue
            }
            let reading = points[index]
            let point = ChartPoint(
                x: timeScale.position(of: reading.time), y: valueScale.position(of: reading.value))
            let text = format(reading.value)
            let width = labels.width(of: text)
            guard width <= plot.width else { continue }
            let above = point.y - style.labelGap - style.lineHeight
            let below = point.y + style.labelGap
            let prefersBelow = kind == .minimum
            var top = prefersBelow ? below : above
            if top < plot.y || top + style.lineHeight > plot.maxY { top = prefersBelow ? above : below }
            let label = labels.label(text, anchorX: point.x, anchor: .centre, top: top, width: width)
                .keptWithin(left: plot.x, right: plot.maxX)
                .keptWithin(top: plot.y, bottom: plot.maxY)
            let clear = placed.allSatisfy { !$0.label.box.outset(by: style.labelGap / 2).overlaps(label.box) }
            if clear { placed.append(CallOut(kind: kind, point: point, value: reading.value, label: label)) }
        }
        return placed
    }

    /// The index of the reading `kind` names among the finite ones; the
    /// latest of equal extremes.
    static func index(of kind: CallOutKind, in points: [TimeSeriesPoint]) -> Int? {
        var chosen: Int?
        for index in points.indices where points[index].value.isFinite {
            guard let best = chosen else {
                chosen = index
                continue
            }
            let value = points[index].value
            switch kind {
            case .latest: chosen = index
            case .maximum: if value >= points[best].value { chosen = index }
            case .minimum: if value <= points[best].value { chosen = index }
            }
        }
        return chosen
    }
}
