import Foundation

extension TimeSeriesLayout {
    /// Lays `series` out in a `width` x `height` chart: a legend on top when
    /// there are several series, a value gutter as wide as its widest label,
    /// a time axis below thinned until no two labels overlap, and the first
    /// series' `callOuts` placed inside the plot where they fit.
    public init(
        series: [TimeSeries], width: Double, height: Double, fillsArea: Bool = false,
        callOuts: [CallOutKind] = CallOutKind.allCases, labelling: ChartLabelling
    ) {
        let style = labelling.style
        let labels = labelling.labels
        let rightToLeft = labelling.rightToLeft
        let legend = LegendLayout(
            names: series.count > 1 ? series.map(\.name) : [], width: width, rightToLeft: rightToLeft,
            labels: labels)
        // Half a line above the plot and below it leaves room for the value
        // labels centred on the top and bottom ticks.
        let plotTop = legend.height + (legend.height > 0 ? style.labelGap : 0) + style.lineHeight / 2
        let timeLabelTop = height - style.lineHeight
        let plotBottom = max(
            plotTop, timeLabelTop - max(style.tickLength, style.lineHeight / 2) - style.labelGap / 2)
        let extent = finiteExtent(of: series.lazy.flatMap { $0.points.lazy.map(\.value) }) ?? (0, 1)
        let axis = ValueAxis(
            minimum: extent.minimum, maximum: extent.maximum, includesZero: fillsArea,
            range: (plotBottom, plotTop), spacing: style.valueTickSpacing, format: labelling.formatValue,
            labels: labels)
        let gutter = axis.widestLabel + style.tickLength + style.labelGap
        let plotLeft = rightToLeft ? style.labelGap : gutter
        let plotRight = max(plotLeft, width - (rightToLeft ? gutter : style.labelGap))
        let plot = ChartRect(
            x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottom - plotTop)

        let valueTicks = axis.uprightTicks(besides: plot, rightToLeft: rightToLeft, labels: labels)

        let times = series.flatMap { $0.points.map(\.time) }
        let timeScale = TimeScale(
            from: times.min() ?? Date(timeIntervalSince1970: 0),
            to: times.max() ?? Date(timeIntervalSince1970: 0),
            range: rightToLeft ? (plot.maxX, plot.x) : (plot.x, plot.maxX), timeZone: labelling.timeZone)
        let tickDates =
            times.isEmpty ? [] : timeScale.ticks(count: max(1, Int(plot.width / style.timeTickSpacing)))
        let timeLabels = tickDates.map { date in
            labels.label(
                labelling.formatTime(date), anchorX: timeScale.position(of: date), anchor: .centre,
                top: timeLabelTop
            ).keptWithin(left: 0, right: width)
        }
        let timeTicks = axisTicks(timeLabels, gap: style.labelGap) { timeScale.position(of: tickDates[$0]) }

        let baseline = axis.scale.position(
            of: min(
                max(0, min(axis.scale.domainStart, axis.scale.domainEnd)),
                max(axis.scale.domainStart, axis.scale.domainEnd)))
        let geometry = series.indices.map { index in
            SeriesGeometry(
                seriesIndex: index, points: series[index].points, timeScale: timeScale,
                valueScale: axis.scale,
                areaBaseline: fillsArea ? baseline : nil)
        }
        let placedCallOuts =
            series.first.map {
                CallOutPlacer(plot: plot, labels: labels, format: labelling.formatValue).place(
                    callOuts, of: $0.points, timeScale: timeScale, valueScale: axis.scale)
            } ?? []

        self.init(
            bounds: ChartRect(x: 0, y: 0, width: width, height: height), plot: plot, valueTicks: valueTicks,
            timeTicks: timeTicks, series: geometry, callOuts: placedCallOuts, legend: legend.items,
            rightToLeft: rightToLeft)
    }
}

extension SeriesGeometry {
    /// The series' line in pixels, broken where a reading is missing, and
    /// its areas down to `areaBaseline` when one is given.
    init(
        seriesIndex: Int, points: [TimeSeriesPoint], timeScale: TimeScale, valueScale: LinearScale,
        areaBaseline: Double?
    ) {
        var segments: [[ChartPoint]] = []
        var current: [ChartPoint] = []
        current.reserveCapacity(points.count)
        for point in points {
            if point.value.isFinite {
                current.append(
                    ChartPoint(x: timeScale.position(of: point.time), y: valueScale.position(of: point.value))
                )
            } else if !current.isEmpty {
                segments.append(current)
                current = []
            }
        }
        if !current.isEmpty { segments.append(current) }
        let areas = areaBaseline.map { baseline in
            segments.map { segment in
                segment + [
                    ChartPoint(x: segment[segment.count - 1].x, y: baseline),
                    ChartPoint(x: segment[0].x, y: baseline),
                ]
            }
        }
        self.init(seriesIndex: seriesIndex, segments: segments, areas: areas ?? [])
    }
}
