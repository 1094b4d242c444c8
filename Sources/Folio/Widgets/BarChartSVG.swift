import FolioCore

/// A laid-out bar chart as inline SVG.
public enum BarChartSVG {
    /// The chart's markup, named by `title` and described by `summary`; `id` must be unique in the page.
    public static func markup(
        _ layout: BarChartLayout, id: String, title: String, summary: String, style: ChartStyle
    )
        -> String
    {
        let rtl = layout.rightToLeft
        var svg = ChartMarkup.titledOpening(
            className: "folio-chart folio-chart-bar", width: layout.bounds.width,
            height: layout.bounds.height, id: id, title: title, summary: summary, rightToLeft: rtl)
        svg += "<g class=\"folio-chart-bars folio-series folio-series-0\">"
        for bar in layout.bars {
            let rect = bar.rect
            svg +=
                "<rect x=\"\(ChartMarkup.number(rect.x))\" y=\"\(ChartMarkup.number(rect.y))\" width=\""
                + ChartMarkup.number(rect.width) + "\" height=\"\(ChartMarkup.number(rect.height))\""
                + " fill=\"currentColor\" fill-opacity=\"0.75\" stroke=\"currentColor\"/>"
        }
        svg += "</g><g class=\"folio-chart-axis\" stroke=\"currentColor\">"
        let plot = layout.plot
        if layout.orientation == .vertical {
            svg += ChartMarkup.line(
                x1: plot.x, y1: layout.baseline, x2: plot.maxX, y2: layout.baseline)
        } else {
            svg += ChartMarkup.line(
                x1: layout.baseline, y1: plot.y, x2: layout.baseline, y2: plot.maxY)
        }
        svg += "</g><g class=\"folio-chart-labels\" fill=\"currentColor\">"
        for label in layout.valueTicks.compactMap(\.label) {
            svg += ChartMarkup.text(label, className: "folio-chart-tick", style: style, rightToLeft: rtl)
        }
        for label in layout.categoryLabels.compactMap({ $0 }) {
            svg += ChartMarkup.text(label, className: "folio-chart-category", style: style, rightToLeft: rtl)
        }
        return svg + "</g></svg>"
    }
}
