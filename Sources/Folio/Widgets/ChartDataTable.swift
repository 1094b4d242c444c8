import FolioCore
import Foundation

/// The data behind a time-series chart as an HTML table, the chart's
/// alternative for screen readers and keyboards: one row per time, one
/// column per series, an empty cell where a reading is missing.
public enum ChartDataTable {
    /// The table, its first column headed `timeHeading`, one column per series named by it.
    public static func markup(
        _ series: [TimeSeries], caption: String, timeHeading: String, formatValue: (Double) -> String,
        formatTime: (Date) -> String
    ) -> String {
        var html =
            "<table class=\"folio-chart-table\"><caption>\(ChartMarkup.escaped(caption))</caption><thead><tr>"
        html += "<th scope=\"col\">\(ChartMarkup.escaped(timeHeading))</th>"
        for item in series { html += "<th scope=\"col\">\(ChartMarkup.escaped(item.name))</th>" }
        html += "</tr></thead><tbody>"
        let times = Array(Set(series.flatMap { $0.points.map(\.time) })).sorted()
        let columns = series.map { item in
            Dictionary(item.points.map { ($0.time, $0.value) }, uniquingKeysWith: { _, last in last })
        }
        for time in times {
            html += "<tr><th scope=\"row\">\(ChartMarkup.escaped(formatTime(time)))</th>"
            for column in columns {
                if let value = column[time], value.isFinite {
                    html += "<td>\(ChartMarkup.escaped(formatValue(value)))</td>"
                } else {
                    html += "<td></td>"
                }
            }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }
}
