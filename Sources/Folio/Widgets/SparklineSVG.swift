import FolioCore

/// A sparkline as inline SVG: the line and a dot on the latest reading,
/// named by its label (the page says what the line shows and its latest value).
public enum SparklineSVG {
    /// The sparkline's markup, named by `name`; `id` must be unique in the page.
    public static func markup(_ layout: SparklineLayout, id: String, name: String) -> String {
        var svg = ChartMarkup.svgOpening(
            className: "folio-sparkline", width: layout.bounds.width, height: layout.bounds.height,
            labelID: "\(id)-title", rightToLeft: false)
        svg += "<title id=\"\(ChartMarkup.escaped(id))-title\">\(ChartMarkup.escaped(name))</title>"
        svg += "<g class=\"\(SeriesStroke.className(0))\">"
        for segment in layout.segments {
            svg +=
                "<path d=\"\(ChartMarkup.pathData(segment))\" fill=\"none\" stroke=\"currentColor\""
                + " stroke-width=\"1.25\"/>"
        }
        if let latest = layout.latest {
            svg += SeriesStroke.marker(0, at: latest, size: layout.markerRadius)
        }
        return svg + "</g></svg>"
    }
}
