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
    public var colon = ": "
    public var comma = ", "
    public var stop = "."

    /// The English words; set the fields for another language.
    public init() {}

    public static let english = ChartSummaryText()

    /// The words in Simplified Chinese: "从 10:00 到 11:00：最新 1441，最低 1100，最高 1702。"
    public static let chinese: ChartSummaryText = {
        var words = ChartSummaryText()
        words.from = "从"
        words.to = "到"
        words.latest = "最新"
        words.lowest = "最低"
        words.highest = "最高"
        words.noData = "无数据"
        words.colon = "："
        words.comma = "，"
        words.stop = "。"
        return words
    }()

    public func sentence(
        _ summary: SeriesSummary?, formatValue: (Double) -> String, formatTime: (Date) -> String
    ) -> String {
        guard let summary else { return noData }
        let span = "\(from) \(formatTime(summary.start)) \(to) \(formatTime(summary.end))"
        guard let last = summary.latest, let low = summary.minimum, let high = summary.maximum else {
            return "\(span)\(colon)\(noData)\(stop)"
        }
        return
            "\(span)\(colon)\(latest) \(formatValue(last.value))\(comma)\(lowest) \(formatValue(low.value))"
            + "\(comma)\(highest) \(formatValue(high.value))\(stop)"
    }
}
