import FolioCore
import Foundation
import Testing

/// Series, labels and checks shared by the chart layout tests.
enum ChartFixtures {
    static let start = Date(timeIntervalSince1970: 1_740_823_200)  // 2025-03-01T10:00:00Z
    static let utc = TimeZone(identifier: "UTC")!

    /// `count` readings `step` seconds apart: a wave around `base`, with
    /// the readings in `missing` left out (NaN).
    static func wave(count: Int = 720, step: Double = 5, base: Double = 1400, missing: Range<Int> = 0..<0)
        -> [TimeSeriesPoint]
    {
        (0..<count).map { index in
            TimeSeriesPoint(
                time: start.addingTimeInterval(Double(index) * step),
                value: missing.contains(index)
                    ? .nan : base + 300 * sin(Double(index) / 40) + Double(index % 7))
        }
    }

    /// Axis and legend words in one script.
    struct Script: Sendable, CustomStringConvertible {
        var description: String
        var seriesNames: [String]
        var formatValue: @Sendable (Double) -> String
        var formatTime: @Sendable (Date) -> String
    }

    static let scripts = [
        Script(
            description: "Latin", seriesNames: ["Requests per minute", "Errors per minute", "p95 latency"],
            formatValue: { "\(Int($0)) req/min" }, formatTime: { clock($0) }),
        Script(
            description: "CJK", seriesNames: ["每分钟请求数", "每分钟错误数", "第九十五百分位延迟"],
            formatValue: { "\(Int($0)) 次/分" }, formatTime: { "\(clock($0)) 时" }),
        Script(
            description: "Arabic",
            seriesNames: ["الطلبات في الدقيقة", "الأخطاء في الدقيقة", "زمن الاستجابة"],
            formatValue: { "\(Int($0)) طلب" }, formatTime: { "الساعة \(clock($0))" }),
    ]

    static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        return String(format: "%02d:%02d", seconds / 3600, seconds / 60 % 60)
    }

    static func labelling(_ script: Script, measurer: any TextMeasuring, rightToLeft: Bool = false)
        -> ChartLabelling
    {
        ChartLabelling(
            formatValue: script.formatValue, formatTime: script.formatTime, measurer: measurer,
            rightToLeft: rightToLeft, timeZone: utc)
    }

    /// Fails unless every label lies inside `bounds` and no two overlap.
    static func expectClear(
        _ labels: [ChartLabel], in bounds: ChartRect, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for label in labels {
            #expect(
                bounds.contains(label.box), "\(label.text) leaves the chart", sourceLocation: sourceLocation)
        }
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] where label.box.overlaps(other.box) {
                Issue.record("\(label.text) overlaps \(other.text)", sourceLocation: sourceLocation)
            }
        }
    }
}
