import FolioCore
import Foundation
import Testing

@testable import Folio

extension Widgets {
    /// Charts laid out with the real fonts and written as SVG: labels clear
    /// at phone and laptop tile widths in three scripts, markup well-formed,
    /// every label drawn where the layout put it.
    @Suite struct ChartWidgetTests {
        static let start = Date(timeIntervalSince1970: 1_740_823_200)

        struct Script: Sendable, CustomStringConvertible {
            var description: String
            var names: [String]
            var unit: String
            var categories: [String]
        }

        static let scripts = [
            Script(
                description: "Latin", names: ["Requests per minute", "Errors per minute"], unit: "req/min",
                categories: ["Authentication gateway", "Search", "Payments", "Notifications service"]),
            Script(
                description: "CJK", names: ["每分钟请求数", "每分钟错误数"], unit: "次/分",
                categories: ["认证网关", "搜索", "支付", "通知服务"]),
            Script(
                description: "Arabic", names: ["الطلبات في الدقيقة", "الأخطاء في الدقيقة"], unit: "طلب",
                categories: ["بوابة المصادقة", "البحث", "المدفوعات", "خدمة الإشعارات"]),
        ]

        static func points(count: Int = 720, base: Double) -> [TimeSeriesPoint] {
            (0..<count).map { index in
                TimeSeriesPoint(
                    time: start.addingTimeInterval(Double(index) * 5),
                    value: (300..<320).contains(index) ? .nan : base + 250 * sin(Double(index) / 50))
            }
        }

        static func labelling(_ script: Script, measurer: any TextMeasuring, rightToLeft: Bool)
            -> ChartLabelling
        {
            let unit = script.unit
            return ChartLabelling(
                formatValue: { "\(Int($0.rounded())) \(unit)" },
                formatTime: { date in
                    let seconds = Int(date.timeIntervalSince1970) % 86_400
                    return String(format: "%02d:%02d", seconds / 3600, seconds / 60 % 60)
                }, measurer: measurer, rightToLeft: rightToLeft, timeZone: TimeZone(identifier: "UTC")!)
        }

        @Test(arguments: scripts, [358.0, 390, 600, 1280])
        func lineChartLabelsStayClearWithRealFonts(script: Script, width: Double) throws {
            let measurer = try #require(Widgets.measurer)
            for rightToLeft in [false, true] {
                let series = script.names.enumerated().map { index, name in
                    TimeSeries(name: name, points: Self.points(base: 1400 - Double(index) * 900))
                }
                let labelling = Self.labelling(script, measurer: measurer, rightToLeft: rightToLeft)
                let layout = TimeSeriesLayout(
                    series: series, width: width, height: 220, fillsArea: true, labelling: labelling)
                let context = "\(script) \(width) px\(rightToLeft ? " rtl" : "")"
                expectLabelsClear(layout.labels, in: layout.bounds, context)
                #expect(layout.timeTicks.compactMap(\.label).count >= 2, "\(context)")

                let svg = TimeSeriesChartSVG.markup(
                    layout, id: "rpm", title: script.names[0], summary: "summary", style: labelling.style)
                let document = try #require(StrictXML(svg), "\(context): not well-formed")
                let drawn = document.drawnTexts
                let expected =
                    layout.valueTicks.compactMap(\.label) + layout.timeTicks.compactMap(\.label)
                    + layout.callOuts.map(\.label) + layout.legend.map(\.label)
                #expect(drawn.count == expected.count, "\(context)")
                for (text, label) in zip(drawn, expected) {
                    #expect(text.text == label.text)
                    #expect(text.x == ChartMarkup.number(label.anchorX))
                    #expect(text.y == ChartMarkup.number(label.box.y + labelling.style.baselineOffset))
                }
            }
        }

        @Test(arguments: scripts, [358.0, 390, 600, 1280])
        func barChartLabelsStayClearWithRealFonts(script: Script, width: Double) throws {
            let measurer = try #require(Widgets.measurer)
            for rightToLeft in [false, true] {
                let labelling = Self.labelling(script, measurer: measurer, rightToLeft: rightToLeft)
                let categories = script.categories.enumerated().map {
                    BarCategory(label: $1, value: Double($0 * 40 + 25))
                }
                let layout = BarChartLayout(
                    categories: categories, width: width, height: 200, labelling: labelling)
                expectLabelsClear(layout.labels, in: layout.bounds, "\(script) \(width) px")
                let svg = BarChartSVG.markup(
                    layout, id: "bars", title: "t", summary: "s", style: labelling.style)
                let document = try #require(StrictXML(svg))
                #expect(document.drawnTexts.map(\.text) == layout.labels.map(\.text))
                #expect(document.elements("rect").count == categories.count)
            }
        }

        @Test func longLatinCategoriesTurnBarsAcrossOnAPhone() throws {
            let measurer = try #require(Widgets.measurer)
            let labelling = Self.labelling(Self.scripts[0], measurer: measurer, rightToLeft: false)
            let categories = Self.scripts[0].categories.map { BarCategory(label: $0, value: 10) }
            let phone = BarChartLayout(categories: categories, width: 358, height: 200, labelling: labelling)
            #expect(phone.orientation == .horizontal)
            let short = ["api", "web", "db"].map { BarCategory(label: $0, value: 10) }
            #expect(
                BarChartLayout(categories: short, width: 358, height: 200, labelling: labelling).orientation
                    == .vertical)
        }

        @Test func svgIsNamedSizedAndEscaped() throws {
            let measurer = try #require(Widgets.measurer)
            let hostile = "<script>alert('x')</script> & \"more\""
            let labelling = Self.labelling(Self.scripts[0], measurer: measurer, rightToLeft: true)
            let layout = TimeSeriesLayout(
                series: [
                    TimeSeries(name: hostile, points: Self.points(base: 100)),
                    TimeSeries(name: "b", points: Self.points(base: 50)),
                ],
                width: 390, height: 200, labelling: labelling)
            let svg = TimeSeriesChartSVG.markup(
                layout, id: "c\"1", title: hostile, summary: "From 10:00 to 11:00", style: labelling.style)
            #expect(!svg.contains("<script>"))
            let document = try #require(StrictXML(svg))
            let root = try #require(document.elements("svg").first)
            #expect(StrictXML.attribute("role", of: root) == "img")
            #expect(StrictXML.attribute("viewBox", of: root) == "0 0 390 200")
            #expect(StrictXML.attribute("aria-labelledby", of: root) == "c\"1-title c\"1-summary")
            #expect(StrictXML.attribute("direction", of: root) == "rtl")
            let title = try #require(document.elements("title").first)
            #expect(StrictXML.text(of: title) == hostile)
            #expect(StrictXML.attribute("id", of: title) == "c\"1-title")
            #expect(document.drawnTexts.contains { $0.text == hostile })
            // Series differ by dash as well as by colour class, so they print in black and white.
            let lines = document.elements("path").filter {
                StrictXML.attribute("class", of: $0) == "folio-chart-line"
            }
            let dashes = Set(lines.map { StrictXML.attribute("stroke-dasharray", of: $0) ?? "solid" })
            #expect(dashes.count == 2)
            #expect(
                !svg.contains("=\"#") && !svg.contains("rgb("), "colours come from classes, not inline values"
            )
        }

        @Test func sparklineMarksTheLatestReading() throws {
            let layout = SparklineLayout(points: Self.points(count: 60, base: 10), width: 120, height: 24)
            let svg = SparklineSVG.markup(layout, id: "s", name: "Requests, latest 12")
            let document = try #require(StrictXML(svg))
            let marker = try #require(document.elements("circle").first)
            let latest = try #require(layout.latest)
            #expect(StrictXML.attribute("cx", of: marker) == ChartMarkup.number(latest.x))
            #expect(document.elements("path").count == layout.segments.count)
        }

        @Test func tableListsEveryReadingWithEmptyCellsForGaps() throws {
            let series = [TimeSeries(name: "a<b", points: Self.points(base: 100))]
            let html = ChartDataTable.markup(
                series, caption: "Requests", timeHeading: "Time", formatValue: { "\(Int($0))" },
                formatTime: { "\(Int($0.timeIntervalSince1970))" })
            let document = try #require(StrictXML(html))
            #expect(document.elements("tr").count == 721)
            let cells = document.elements("td").map(StrictXML.text(of:))
            #expect(cells.filter(\.isEmpty).count == 20)
            #expect(document.elements("th").map(StrictXML.text(of:)).prefix(2) == ["Time", "a<b"])
        }

        @Test func summarySentenceNamesRangeLatestAndExtremes() {
            let points = [4.0, 9, .nan, 2, 5].enumerated().map {
                TimeSeriesPoint(time: Self.start.addingTimeInterval(Double($0) * 60), value: $1)
            }
            let sentence = ChartSummaryText.english.sentence(
                SeriesSummary(points: points), formatValue: { "\(Int($0))" },
                formatTime: { "\(Int($0.timeIntervalSince(Self.start)) / 60) min" })
            #expect(sentence == "From 0 min to 4 min: latest 5, lowest 2, highest 9.")
            #expect(
                ChartSummaryText.english.sentence(nil, formatValue: { "\($0)" }, formatTime: { "\($0)" })
                    == "no data")
        }

        @Test func coordinatesPrintShort() {
            #expect(ChartMarkup.number(12.345) == "12.35")
            #expect(ChartMarkup.number(-0.001) == "0")
            #expect(ChartMarkup.number(7.1) == "7.1")
            #expect(ChartMarkup.number(-3.05) == "-3.05")
            #expect(ChartMarkup.number(.nan) == "0")
        }
    }
}
