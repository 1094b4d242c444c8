import FolioCore
import Foundation
import Testing

extension Charts {
    /// Time-series charts laid out with fixed-width text: labels clear of each
    /// other and of the edges, gutters sized to the text, gaps where data is missing.
    @Suite struct TimeSeriesLayoutTests {
        static let widths: [Double] = [358, 390, 600, 1280]

        @Test(arguments: ChartFixtures.scripts, widths)
        func noLabelOverlapsOrLeavesTheChart(script: ChartFixtures.Script, width: Double) {
            for rightToLeft in [false, true] {
                let series = script.seriesNames.enumerated().map { index, name in
                    TimeSeries(name: name, points: ChartFixtures.wave(base: 1400 - Double(index) * 600))
                }
                let layout = TimeSeriesLayout(
                    series: series, width: width, height: 240, fillsArea: true,
                    labelling: ChartFixtures.labelling(
                        script, measurer: FakeMeasurer(), rightToLeft: rightToLeft)
                )
                ChartFixtures.expectClear(layout.labels, in: layout.bounds)
                #expect(layout.timeTicks.compactMap(\.label).count >= 2)
                #expect(layout.valueTicks.compactMap(\.label).count >= 3)
                #expect(layout.legend.count == 3)
                #expect(layout.callOuts.count >= 2)
            }
        }

        @Test func valueGutterIsAsWideAsTheWidestTickLabel() throws {
            let labelling = ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer())
            let layout = TimeSeriesLayout(
                series: [TimeSeries(name: "rpm", points: ChartFixtures.wave())], width: 600, height: 240,
                labelling: labelling)
            let widest = try #require(layout.valueTicks.compactMap(\.label).map(\.box.width).max())
            let style = labelling.style
            #expect(layout.plot.x == widest + style.tickLength + style.labelGap)
            #expect(layout.valueTicks.compactMap(\.label).allSatisfy { $0.box.maxX < layout.plot.x })
            #expect(layout.legend.isEmpty)
        }

        @Test func rightToLeftRunsTimeLeftwardsWithValuesOnTheRight() throws {
            let labelling = ChartFixtures.labelling(
                ChartFixtures.scripts[2], measurer: FakeMeasurer(), rightToLeft: true)
            let layout = TimeSeriesLayout(
                series: [TimeSeries(name: "rpm", points: ChartFixtures.wave())], width: 390, height: 200,
                labelling: labelling)
            let line = try #require(layout.series.first?.segments.first)
            #expect(line.first!.x > line.last!.x)
            #expect(line.first!.x == layout.plot.maxX)
            #expect(layout.valueTicks.compactMap(\.label).allSatisfy { $0.box.x > layout.plot.maxX })
        }

        @Test func missingReadingsBreakTheLineAndItsArea() throws {
            let layout = TimeSeriesLayout(
                series: [TimeSeries(name: "rpm", points: ChartFixtures.wave(missing: 100..<130))], width: 600,
                height: 240, fillsArea: true,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            let series = try #require(layout.series.first)
            #expect(series.segments.map(\.count) == [100, 590])
            #expect(series.areas.count == 2)
            // Each area closes on the zero line, which a filled chart always shows.
            let zero = try #require(layout.valueTicks.first)
            #expect(series.areas.allSatisfy { $0.last!.y == zero.position })
        }

        @Test func callOutsNameTheExtremesAndTheLatest() throws {
            let points = [10.0, 50, .nan, 5, 20].enumerated().map { index, value in
                TimeSeriesPoint(
                    time: ChartFixtures.start.addingTimeInterval(Double(index) * 60), value: value)
            }
            let layout = TimeSeriesLayout(
                series: [TimeSeries(name: "x", points: points)], width: 600, height: 240,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            #expect(layout.callOuts.map(\.kind) == [.latest, .maximum, .minimum])
            #expect(layout.callOuts.map(\.label.text) == ["20 req/min", "50 req/min", "5 req/min"])
            for callOut in layout.callOuts {
                #expect(layout.plot.contains(callOut.label.box))
            }
        }

        @Test func flatAndEmptySeriesStillLayOut() {
            let labelling = ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer())
            let flat = (0..<10).map {
                TimeSeriesPoint(time: ChartFixtures.start.addingTimeInterval(Double($0) * 60), value: 7)
            }
            let layout = TimeSeriesLayout(
                series: [TimeSeries(name: "flat", points: flat)], width: 390, height: 160,
                labelling: labelling)
            #expect(layout.valueTicks.count >= 2)
            ChartFixtures.expectClear(layout.labels, in: layout.bounds)
            let empty = TimeSeriesLayout(series: [], width: 390, height: 160, labelling: labelling)
            #expect(empty.timeTicks.isEmpty)
            ChartFixtures.expectClear(empty.labels, in: empty.bounds)
        }

        @Test func aLegendWiderThanTheChartWrapsToLines() throws {
            let names = (1...6).map { "Service number \($0) requests" }
            let layout = TimeSeriesLayout(
                series: names.map { TimeSeries(name: $0, points: ChartFixtures.wave(count: 60)) }, width: 358,
                height: 300,
                labelling: ChartFixtures.labelling(ChartFixtures.scripts[0], measurer: FakeMeasurer()))
            let lineTops = Set(layout.legend.map(\.label.box.y))
            #expect(lineTops.count > 1)
            let lastLineTop = try #require(lineTops.max())
            #expect(layout.plot.y > lastLineTop)
            ChartFixtures.expectClear(layout.labels, in: layout.bounds)
        }
    }
}
