import FolioCore
import FolioTemplate
import Foundation

/// Chart tiles: the SVG laid out on the server with the tile's `format` on
/// the value axis, the page's language and the configuration's time zone on
/// the time axis, named by a summary, with its data as a table beside it.
extension TileViewModel {
    /// Line and area charts: 600 x 240 SVG units, scaled by CSS to the tile's width.
    static let lineSize = (width: 600.0, height: 240.0)
    /// A sparkline: small, beside or under a stat.
    static let sparklineSize = (width: 160.0, height: 40.0)
    /// A bar chart: as wide as a line chart.
    static let barSize = (width: 600.0, height: 240.0)

    func timeChart(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.value(at: tile.path).flatMap { value in
            guard let series = TileChartData.series(value, title: tile.title) else {
                return .failure(.notChartData(tile.path ?? ""))
            }
            let id = "folio-chart-\(tile.key)"
            let all = series.flatMap(\.points)
            let formatTime = timeText(spanning: all)
            let summary = words.chart.sentence(
                SeriesSummary(points: series.first?.points ?? []), formatValue: shown.text,
                formatTime: formatTime)
            let svg: TemplateValue
            switch tile.widget {
            case .sparkline:
                let size = (
                    tile.chartWidth ?? Self.sparklineSize.width, tile.chartHeight ?? Self.sparklineSize.height
                )
                let layout = SparklineLayout(
                    points: series.first?.points ?? [], width: size.0, height: size.1,
                    rightToLeft: rightToLeft)
                svg = .string(SparklineSVG.markup(layout, id: id, name: "\(tile.title): \(summary)"))
            default:
                let size = (tile.chartWidth ?? Self.lineSize.width, tile.chartHeight ?? Self.lineSize.height)
                let layout = TimeSeriesLayout(
                    series: series, width: size.0, height: size.1, fillsArea: tile.widget == .area,
                    labelling: labelling(spanning: all))
                svg =
                    TimeSeriesChartSVG.bytes(
                        layout, id: id, title: tile.title, summary: summary, style: ChartStyle()
                    ).templateValue
            }
            let shown = self.shown
            let table = ChartDataTable.bytes(
                series, caption: tile.title, timeHeading: words.time,
                appendValue: { value, html in shown.append(value, to: &html) }, formatTime: formatTime
            ).templateValue
            return .success(chart(svg: svg, table: table, summary: summary))
        }
    }

    func barChart(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.value(at: tile.path).flatMap { value in
            guard let bars = TileChartData.bars(value) else { return .failure(.notList(tile.path ?? "")) }
            let id = "folio-chart-\(tile.key)"
            let layout = BarChartLayout(
                categories: bars, width: tile.chartWidth ?? Self.barSize.width,
                height: tile.chartHeight ?? Self.barSize.height, labelling: labelling(spanning: []))
            let summary = bars.map { "\($0.label) \($0.value.isFinite ? shown.text($0.value) : "—")" }
                .joined(separator: words.chart.comma)
            let svg = BarChartSVG.markup(
                layout, id: id, title: tile.title, summary: summary, style: ChartStyle())
            var table =
                "<table class=\"folio-chart-table\"><caption>\(ChartMarkup.escaped(tile.title))</caption><tbody>"
            for bar in bars {
                table += "<tr><th scope=\"row\">\(ChartMarkup.escaped(bar.label))</th><td>"
                table += bar.value.isFinite ? ChartMarkup.escaped(shown.text(bar.value)) : ""
                table += "</td></tr>"
            }
            return .success(
                chart(svg: .string(svg), table: .string(table + "</tbody></table>"), summary: summary))
        }
    }

    private func chart(svg: TemplateValue, table: TemplateValue, summary: String) -> TemplateValue {
        .object(
            TemplateObject([
                ("svg", svg), ("table", table), ("summary", .string(summary)),
                ("tableTitle", .string(words.dataTable)),
            ]))
    }

    private func labelling(spanning points: [TimeSeriesPoint]) -> ChartLabelling {
        let shown = self.shown
        return ChartLabelling(
            formatValue: { shown.text($0) }, formatTime: timeText(spanning: points),
            measurer: tile.rendering.measurer, rightToLeft: rightToLeft,
            timeZone: tile.rendering.formatting.timeZone)
    }

    /// Times of a chart spanning under two days as clock times, longer ones as dates.
    private func timeText(spanning points: [TimeSeriesPoint]) -> @Sendable (Date) -> String {
        let times = points.map(\.time)
        let span = (times.max() ?? .distantPast).timeIntervalSince(times.min() ?? .distantPast)
        let format =
            span < 2 * 86_400
            ? ValueFormat(kind: .time, spec: "time") : ValueFormat(kind: .date, spec: "date")
        return tile.rendering.formattedTimes.formatter(format, in: context)
    }
}
