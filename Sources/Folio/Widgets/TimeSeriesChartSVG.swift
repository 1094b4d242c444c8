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
        let rtl = layout.rightToLeft
        let plot = layout.plot
        var svg = ChartMarkup.titledOpening(
            className: "folio-chart folio-chart-line", width: layout.bounds.width,
            height: layout.bounds.height, id: id, title: title, summary: summary, rightToLeft: rtl)

        svg += "<g class=\"folio-chart-grid\" stroke=\"currentColor\" stroke-opacity=\"0.15\">"
        for tick in layout.valueTicks {
            svg += ChartMarkup.line(x1: plot.x, y1: tick.position, x2: plot.maxX, y2: tick.position)
        }
        svg += "</g><g class=\"folio-chart-axis\" stroke=\"currentColor\">"
        svg += ChartMarkup.line(x1: plot.x, y1: plot.maxY, x2: plot.maxX, y2: plot.maxY)
        for tick in layout.timeTicks where tick.label != nil {
            svg += ChartMarkup.line(
                x1: tick.position, y1: plot.maxY, x2: tick.position, y2: plot.maxY + style.tickLength)
        }
        let tickStart = rtl ? plot.maxX : plot.x
        let tickEnd = rtl ? plot.maxX + style.tickLength : plot.x - style.tickLength
        for tick in layout.valueTicks where tick.label != nil {
            svg += ChartMarkup.line(x1: tickStart, y1: tick.position, x2: tickEnd, y2: tick.position)
        }
        svg += "</g><g class=\"folio-chart-labels\" fill=\"currentColor\">"
        for label in layout.valueTicks.compactMap(\.label) + layout.timeTicks.compactMap(\.label) {
            svg += ChartMarkup.text(label, className: "folio-chart-tick", style: style, rightToLeft: rtl)
        }
        svg += "</g>"

        for series in layout.series {
            let index = series.seriesIndex
            svg += "<g class=\"\(SeriesStroke.className(index))\">"
            for area in series.areas {
                svg +=
                    "<path class=\"folio-chart-area\" d=\"\(ChartMarkup.pathData(area, closed: true))\""
                    + " fill=\"currentColor\" fill-opacity=\"0.12\" stroke=\"none\"/>"
            }
            for segment in series.segments {
                svg +=
                    "<path class=\"folio-chart-line\" d=\"\(ChartMarkup.pathData(segment))\" fill=\"none\""
                    + " stroke=\"currentColor\" stroke-width=\"1.5\"\(SeriesStroke.dashAttribute(index))/>"
            }
            if let latest = series.segments.last?.last { svg += SeriesStroke.marker(index, at: latest) }
            svg += "</g>"
        }

        svg += "<g class=\"folio-chart-callouts\" fill=\"currentColor\">"
        for callOut in layout.callOuts {
            svg += ChartMarkup.text(
                callOut.label, className: "folio-chart-callout folio-chart-\(callOut.kind)", style: style,
                rightToLeft: rtl)
        }
        svg += "</g>"

        if !layout.legend.isEmpty {
            svg += "<g class=\"folio-chart-legend\" fill=\"currentColor\">"
            for item in layout.legend {
                let swatch = item.swatch
                svg += "<g class=\"\(SeriesStroke.className(item.seriesIndex))\">"
                svg +=
                    "<line x1=\"\(ChartMarkup.number(swatch.x))\" y1=\"\(ChartMarkup.number(swatch.midY))\""
                    + " x2=\"\(ChartMarkup.number(swatch.maxX))\" y2=\"\(ChartMarkup.number(swatch.midY))\""
                    + " stroke=\"currentColor\" stroke-width=\"1.5\"\(SeriesStroke.dashAttribute(item.seriesIndex))/>"
                svg += SeriesStroke.marker(
                    item.seriesIndex, at: ChartPoint(x: swatch.midX, y: swatch.midY), size: 3)
                svg += "</g>"
                svg += ChartMarkup.text(
                    item.label, className: "folio-chart-legend-label", style: style, rightToLeft: rtl)
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }
}
