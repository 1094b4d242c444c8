import FolioCore
import Foundation

/// The words of a chart's accessible name around ``SeriesSummary``'s
/// numbers: "From 10:00 to 11:00: latest 1,441, lowest 1,100, highest 1,702."
public struct ChartSummaryText: Sendable {
    public var from = "From"
    public var to = "to"
    public var latest = "latest"
    public var lowest = "lowest"
    public var highest = "highest"
    public var noData = "no data"

    /// The English words; set the fields for another language.
    public init() {}

    public static let english = ChartSummaryText()

    public func sentence(
        _ summary: SeriesSummary?, formatValue: (Double) -> String, formatTime: (Date) -> String
    ) -> String {
        guard let summary else { return noData }
        let span = "\(from) \(formatTime(summary.start)) \(to) \(formatTime(summary.end))"
        guard let last = summary.latest, let low = summary.minimum, let high = summary.maximum else {
            return "\(span): \(noData)."
        }
        return "\(span): \(latest) \(formatValue(last.value)), \(lowest) \(formatValue(low.value)),"
            + " \(highest) \(formatValue(high.value))."
    }
}
