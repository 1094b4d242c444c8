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
        bytes(
            series, caption: caption, timeHeading: timeHeading,
            appendValue: { value, html in html.appendEscaped(formatValue(value)) }, formatTime: formatTime
        ).text
    }

    /// The same table as bytes, which a page takes as they are; each
    /// reading written by `appendValue`, which escapes what it writes.
    static func bytes(
        _ series: [TimeSeries], caption: String, timeHeading: String,
        appendValue: (Double, inout MarkupBytes) -> Void, formatTime: (Date) -> String
    ) -> MarkupBytes {
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
        if columns.count == 1 {
            // One series: its readings are the rows, written with as few appends as can be.
            for reading in columns[0].readings {
                html.append("<tr><th scope=\"row\">")
                html.appendEscaped(formatTime(reading.time))
                if reading.value.isFinite {
                    html.append("</th><td>")
                    appendValue(reading.value, &html)
                    html.append("</td></tr>")
                } else {
                    html.append("</th><td></td></tr>")
                }
            }
        } else {
            // The series merged in time order: each row is the earliest time any column has next.
            var next = Array(repeating: 0, count: columns.count)
            while let time = earliestTime(columns, next: next) {
                html.append("<tr><th scope=\"row\">")
                html.appendEscaped(formatTime(time))
                html.append("</th>")
                for index in columns.indices {
                    guard next[index] < columns[index].readings.count,
                        columns[index].readings[next[index]].time == time
                    else {
                        html.append("<td></td>")
                        continue
                    }
                    let value = columns[index].readings[next[index]].value
                    if value.isFinite {
                        html.append("<td>")
                        appendValue(value, &html)
                        html.append("</td>")
                    } else {
                        html.append("<td></td>")
                    }
                    next[index] += 1
                }
                html.append("</tr>")
            }
        }
        html.append("</tbody></table>")
        return html
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
