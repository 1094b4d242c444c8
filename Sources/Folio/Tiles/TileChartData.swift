import FolioCore
import FolioTemplate
import Foundation

/// A chart tile's data read from its path.
///
/// Line, area and sparkline: a list of points `{"t": 1700000000, "v": 12.5}`
/// (one series; `t` in seconds since 1970 or ISO 8601, `v` a number or
/// null for a gap), or `{"series": [{"name": "api", "points": [...]}]}`.
/// Bar: a list of `{"label": "api", "v": 12}`.
enum TileChartData {
    /// The series at the tile's path, named `title` when there is one unnamed series.
    static func series(_ value: TemplateValue, title: String) -> [TimeSeries]? {
        if case .array(let points) = value {
            return self.points(points).map { [TimeSeries(name: title, points: $0)] }
        }
        guard case .array(let items)? = value["series"] else { return nil }
        var series: [TimeSeries] = []
        for item in items {
            guard case .array(let points)? = item["points"], let read = self.points(points) else {
                return nil
            }
            series.append(TimeSeries(name: item["name"]?.text ?? title, points: read))
        }
        return series
    }

    /// The bars: each `label` with its `v` (NaN, drawing no bar, when `v` is no number).
    static func bars(_ value: TemplateValue) -> [BarCategory]? {
        guard case .array(let items) = value else { return nil }
        return items.map { item in
            guard case .number(let number)? = item["v"] else {
                return BarCategory(label: item["label"]?.text ?? "", value: .nan)
            }
            return BarCategory(label: item["label"]?.text ?? "", value: number)
        }
    }

    /// Points in time order; a null or missing `v` is a NaN, a gap in the line.
    private static func points(_ items: [TemplateValue]) -> [TimeSeriesPoint]? {
        var points: [TimeSeriesPoint] = []
        points.reserveCapacity(items.count)
        for item in items {
            guard case .object(let reading) = item, let time = instant(reading["t"]) else { return nil }
            if case .number(let value)? = reading["v"] {
                points.append(TimeSeriesPoint(time: time, value: value))
            } else {
                points.append(TimeSeriesPoint(time: time, value: .nan))
            }
        }
        // Feeds nearly always send points in order: sort only when they are not.
        if zip(points, points.dropFirst()).allSatisfy({ $0.time <= $1.time }) { return points }
        return points.sorted { $0.time < $1.time }
    }

    private static func instant(_ value: TemplateValue?) -> Date? {
        switch value {
        case .number(let seconds): return Date(timeIntervalSince1970: seconds)
        case .string(let text):
            let plain = ISO8601DateFormatter()
            if let date = plain.date(from: text) { return date }
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return fractional.date(from: text)
        default: return nil
        }
    }
}
