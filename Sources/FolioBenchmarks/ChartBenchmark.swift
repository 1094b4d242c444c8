import Folio
import FolioCore
import FolioText
import Foundation

/// Charts: a 720-point series (an hour at 5 s) laid out with the real
/// fonts, then written as SVG, per chart. Baseline: JSON-encoding the same
/// 720 readings, the least work a feed carrying them costs. Run from the
/// package root so `Public/` is found.
enum ChartBenchmark {
    static func run() throws {
        let measurer = try FontMeasurer.standard(publicDirectory: "Public")
        let start = Date(timeIntervalSince1970: 1_740_823_200)
        let points = (0..<720).map { index in
            TimeSeriesPoint(
                time: start.addingTimeInterval(Double(index) * 5), value: 1400 + 300 * sin(Double(index) / 40)
            )
        }
        let series = [TimeSeries(name: "Requests per minute", points: points)]
        let labelling = ChartLabelling(
            formatValue: { "\(Int($0.rounded()))" },
            formatTime: { date in
                let seconds = Int(date.timeIntervalSince1970) % 86_400
                return "\(seconds / 3600):\(seconds / 60 % 60 < 10 ? "0" : "")\(seconds / 60 % 60)"
            }, measurer: measurer, timeZone: TimeZone(identifier: "UTC")!)

        var sink = 0
        let encoder = JSONEncoder()
        let values = points.map(\.value)
        let baseline = try measure("charts: JSONEncoder(720 values) (baseline)") {
            sink &+= try encoder.encode(values).count
        }
        report(baseline, unit: "encodes")
        let layout = measure("charts: layout, 720 points, 600 px") {
            sink &+=
                TimeSeriesLayout(
                    series: series, width: 600, height: 240, fillsArea: true, labelling: labelling
                ).labels.count
        }
        report(layout, against: baseline, unit: "charts")
        let rendered = measure("charts: layout + SVG, 720 points, 600 px") {
            let chart = TimeSeriesLayout(
                series: series, width: 600, height: 240, fillsArea: true, labelling: labelling)
            sink &+=
                TimeSeriesChartSVG.markup(
                    chart, id: "rpm", title: "Requests per minute", summary: "", style: labelling.style
                ).utf8.count
        }
        report(rendered, against: baseline, unit: "charts")
        for figure in [layout, rendered] {
            print(String(format: "%@ %8.1f µs per chart", figure.name as NSString, 1e6 / figure.perSecond))
        }
        // Keeps the optimiser from discarding the measured calls.
        if sink == 42 { print(sink) }
    }
}
