import FolioCore

/// A laid-out time-series chart as inline SVG: grid, axes, one path per
/// series piece (with its area when filled), call-outs and legend, each
/// label at the place the layout measured for it.
public enum TimeSeriesChartSVG {
    /// The chart's markup, named by `title` and described by `summary`;
    /// `id` must be unique in the page (it prefixes the name's ids).
    public static func markup(
        _ layout: TimeSeriesLayout, id: String, title: String, summary: String, style: ChartStyle
    )
        -> String
    {
        bytes(layout, id: id, title: title, summary: summary, style: style).text
    }

    /// The same markup as bytes, which a page takes as they are.
    static func bytes(
        _ layout: TimeSeriesLayout, id: String, title: String, summary: String, style: ChartStyle
    )
        -> MarkupBytes
    {
        let rtl = layout.rightToLeft
        let plot = layout.plot
        let points = layout.series.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.count } }
        var svg = MarkupBytes(capacity: 4096 + points * 32)
        svg.appendMarkup(
            ChartMarkup.titledOpening(
                className: "folio-chart folio-chart-line", width: layout.bounds.width,
                height: layout.bounds.height, id: id, title: title, summary: summary, rightToLeft: rtl))

        svg.append("<g class=\"folio-chart-grid\" stroke=\"currentColor\" stroke-opacity=\"0.15\">")
        for tick in layout.valueTicks {
            svg.appendLine(x1: plot.x, y1: tick.position, x2: plot.maxX, y2: tick.position)
        }
        svg.append("</g><g class=\"folio-chart-axis\" stroke=\"currentColor\">")
        svg.appendLine(x1: plot.x, y1: plot.maxY, x2: plot.maxX, y2: plot.maxY)
        for tick in layout.timeTicks where tick.label != nil {
            svg.appendLine(
                x1: tick.position, y1: plot.maxY, x2: tick.position, y2: plot.maxY + style.tickLength)
        }
        let tickStart = rtl ? plot.maxX : plot.x
        let tickEnd = rtl ? plot.maxX + style.tickLength : plot.x - style.tickLength
        for tick in layout.valueTicks where tick.label != nil {
            svg.appendLine(x1: tickStart, y1: tick.position, x2: tickEnd, y2: tick.position)
        }
        svg.append("</g><g class=\"folio-chart-labels\" fill=\"currentColor\">")
        for label in layout.valueTicks.compactMap(\.label) + layout.timeTicks.compactMap(\.label) {
            svg.appendText(label, className: "folio-chart-tick", style: style, rightToLeft: rtl)
        }
        svg.append("</g>")

        for series in layout.series {
            let index = series.seriesIndex
            svg.appendMarkup("<g class=\"\(SeriesStroke.className(index))\">")
            for area in series.areas {
                svg.append("<path class=\"folio-chart-area\" d=\"")
                svg.appendPathData(area, closed: true)
                svg.append("\" fill=\"currentColor\" fill-opacity=\"0.12\" stroke=\"none\"/>")
            }
            for segment in series.segments {
                svg.append("<path class=\"folio-chart-line\" d=\"")
                svg.appendPathData(segment)
                svg.append("\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\"")
                svg.appendMarkup(SeriesStroke.dashAttribute(index) + "/>")
            }
            if let latest = series.segments.last?.last {
                svg.appendMarkup(SeriesStroke.marker(index, at: latest))
            }
            svg.append("</g>")
        }

        svg.append("<g class=\"folio-chart-callouts\" fill=\"currentColor\">")
        for callOut in layout.callOuts {
            svg.appendText(
                callOut.label, className: callOutClass(callOut.kind), style: style,
                rightToLeft: rtl)
        }
        svg.append("</g>")

        if !layout.legend.isEmpty {
            svg.append("<g class=\"folio-chart-legend\" fill=\"currentColor\">")
            for item in layout.legend {
                let swatch = item.swatch
                svg.appendMarkup("<g class=\"\(SeriesStroke.className(item.seriesIndex))\">")
                svg.appendLine(
                    x1: swatch.x, y1: swatch.midY, x2: swatch.maxX, y2: swatch.midY,
                    attributes: " stroke=\"currentColor\" stroke-width=\"1.5\""
                        + SeriesStroke.dashAttribute(item.seriesIndex))
                svg.appendMarkup(
                    SeriesStroke.marker(
                        item.seriesIndex, at: ChartPoint(x: swatch.midX, y: swatch.midY), size: 3))
                svg.append("</g>")
                svg.appendText(
                    item.label, className: "folio-chart-legend-label", style: style, rightToLeft: rtl)
            }
            svg.append("</g>")
        }
        svg.append("</svg>")
        return svg
    }

    /// A call-out's classes, named by its kind (`folio-chart-latest`).
    private static func callOutClass(_ kind: CallOutKind) -> String {
        switch kind {
        case .latest: "folio-chart-callout folio-chart-latest"
        case .maximum: "folio-chart-callout folio-chart-maximum"
        case .minimum: "folio-chart-callout folio-chart-minimum"
        }
    }
}
