import FolioCore
import Foundation

/// The data behind a time-series chart as an HTML table, the chart's
/// alternative for screen readers and keyboards: one row per time, one
/// column per series, an empty cell where a reading is missing.
public enum ChartDataTable {
    /// The table, its first column headed `timeHeading`, one column per series named by it.
    /// A series with two readings at one time shows its last.
    public static func markup(
        _ series: [TimeSeries], caption: String, timeHeading: String, formatValue: (Double) -> String,
        formatTime: (Date) -> String
    ) -> String {
        let columns = series.map { SeriesColumn($0.points) }
        let rowCount = columns.map(\.readings.count).max() ?? 0
        var html = MarkupBytes(capacity: 256 + rowCount * (48 + 20 * columns.count))
        html.append("<table class=\"folio-chart-table\"><caption>")
        html.appendEscaped(caption)
        html.append("</caption><thead><tr><th scope=\"col\">")
        html.appendEscaped(timeHeading)
        html.append("</th>")
        for item in series {
            html.append("<th scope=\"col\">")
            html.appendEscaped(item.name)
            html.append("</th>")
        }
        html.append("</tr></thead><tbody>")
        // The series merged in time order: each row is the earliest time any column has next.
        var next = Array(repeating: 0, count: columns.count)
        while let time = earliestTime(columns, next: next) {
            html.append("<tr><th scope=\"row\">")
            html.appendEscaped(formatTime(time))
            html.append("</th>")
            for index in columns.indices {
                let readings = columns[index].readings
                guard next[index] < readings.count, readings[next[index]].time == time else {
                    html.append("<td></td>")
                    continue
                }
                let value = readings[next[index]].value
                next[index] += 1
                if value.isFinite {
                    html.append("<td>")
                    html.appendEscaped(formatValue(value))
                    html.append("</td>")
                } else {
                    html.append("<td></td>")
                }
            }
            html.append("</tr>")
        }
        html.append("</tbody></table>")
        return html.text
    }

    private static func earliestTime(_ columns: [SeriesColumn], next: [Int]) -> Date? {
        var earliest: Date?
        for (column, index) in zip(columns, next) where index < column.readings.count {
            let time = column.readings[index].time
            if earliest.map({ time < $0 }) ?? true { earliest = time }
        }
        return earliest
    }

    /// One series' readings in time order, one per time (the last given).
    private struct SeriesColumn {
        var readings: [TimeSeriesPoint]

        init(_ points: [TimeSeriesPoint]) {
            let sorted =
                zip(points, points.dropFirst()).allSatisfy { $0.time <= $1.time }
                ? points
                : points.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                    .map(\.element)
            readings = []
            readings.reserveCapacity(sorted.count)
            for point in sorted {
                if readings.last?.time == point.time {
                    readings[readings.count - 1] = point
                } else {
                    readings.append(point)
                }
            }
        }
    }
}
