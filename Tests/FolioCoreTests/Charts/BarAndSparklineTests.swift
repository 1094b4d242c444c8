import FolioCore
import Foundation
import Testing

extension Charts {
    /// Bar charts turn across when labels are long; sparklines and summaries.
    @Suite struct BarAndSparklineTests {
        static let short = ["api", "web", "db", "queue"]
        static let long = ["Authentication gateway", "Search indexer", "Payment processing", "Notifications"]

        func categories(_ labels: [String]) -> [BarCategory] {
            labels.enumerated().map { BarCategory(label: $1, value: Double($0 + 1) * 37.5) }
        }

        @Test func shortLabelsFitUnderUprightBars() {
            let layout = BarChartLayout(
                categories: categories(Self.short), width: 390, height: 200,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            #expect(layout.orientation == .vertical)
            #expect(layout.bars.count == 4)
            #expect(layout.bars.allSatisfy { $0.rect.maxY == layout.baseline })
            // Taller bar for a larger value.
            #expect(layout.bars[3].rect.height > layout.bars[0].rect.height)
            ChartFixtures.expectClear(layout.labels, in: layout.bounds)
        }

        @Test func longLabelsTurnTheBarsAcross() {
            let layout = BarChartLayout(
                categories: categories(Self.long), width: 390, height: 200,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            #expect(layout.orientation == .horizontal)
            #expect(layout.bars.allSatisfy { $0.rect.x == layout.baseline })
            #expect(layout.categoryLabels.allSatisfy { $0 != nil })
            ChartFixtures.expectClear(layout.labels, in: layout.bounds)
        }

        @Test(arguments: ChartFixtures.scripts, [358.0, 390, 600, 1280])
        func barLabelsStayClear(script: ChartFixtures.Script, width: Double) {
            for rightToLeft in [false, true] {
                for labels in [Self.short, Self.long, script.seriesNames, (1...30).map { "\($0)" }] {
                    let layout = BarChartLayout(
                        categories: categories(labels) + [BarCategory(label: "none", value: .nan)],
                        width: width,
                        height: 220,
                        labelling: ChartFixtures.labelling(
                            script, measurer: FakeMeasurer(), rightToLeft: rightToLeft))
                    ChartFixtures.expectClear(layout.labels, in: layout.bounds)
                    #expect(layout.bars.count == labels.count)
                }
            }
        }

        @Test func negativeBarsHangBelowZero() throws {
            let layout = BarChartLayout(
                categories: [BarCategory(label: "a", value: -20), BarCategory(label: "b", value: 40)],
                width: 390,
                height: 200,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            #expect(layout.bars[0].rect.y == layout.baseline)
            #expect(layout.bars[1].rect.maxY == layout.baseline)
        }

        @Test func sparklineMarksTheLatestReadingInsideItsBox() throws {
            let sparkline = SparklineLayout(
                points: ChartFixtures.wave(count: 50, missing: 45..<50), width: 120, height: 24)
            let latest = try #require(sparkline.latest)
            #expect(sparkline.segments.count == 1)
            #expect(latest == sparkline.segments[0].last)
            #expect(
                sparkline.bounds.contains(ChartRect(x: latest.x - 2, y: latest.y - 2, width: 4, height: 4)))
            let ys = sparkline.segments[0].map(\.y)
            #expect(ys.min() == 2)
            #expect(ys.max() == 22)
        }

        @Test func summaryGivesSpanLatestAndExtremes() throws {
            let values = [3.0, 9, .nan, -1, 9, 4, .nan]
            let points = values.enumerated().map {
                TimeSeriesPoint(time: ChartFixtures.start.addingTimeInterval(Double($0) * 60), value: $1)
            }
            let summary = try #require(SeriesSummary(points: points))
            #expect(summary.start == ChartFixtures.start)
            #expect(summary.end == ChartFixtures.start.addingTimeInterval(360))
            #expect(summary.latest?.value == 4)
            #expect(summary.minimum?.value == -1)
            #expect(summary.maximum == points[4])
            #expect(SeriesSummary(points: []) == nil)
            #expect(SeriesSummary(points: [points[2]])?.latest == nil)
        }
    }
}
