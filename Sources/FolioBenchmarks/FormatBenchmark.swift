import Folio
import FolioCore
import FolioTemplate
import Foundation

/// The cost of `format:` and `level:` in a render: a 100-row table of four
/// formatted columns against the same table of plain paths, and one format
/// call against Swift's own `description` of the same number.
enum FormatBenchmark {
    static func run() throws {
        let rows: [TemplateValue] = (0..<100).map { index in
            let row: [String: TemplateValue] = [
                "requests": .number(1441.029836821407 * Double(index + 1)),
                "errors": .number(0.0177 * Double(index % 7)),
                "at": .number(1_796_161_591 - Double(index * 37)),
                "status": .string(index % 5 == 0 ? "down" : "up"),
            ]
            return TemplateValue.object(
                TemplateObject(row.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        let globals: [String: TemplateValue] = ["rows": .array(rows)]
        let plain = try Template(
            source:
                #"<table><tr tal:repeat="r rows"><td tal:content="r/requests"/><td tal:content="r/errors"/>"#
                + #"<td tal:content="r/at"/><td tal:content="r/status"/></tr></table>"#)
        let formatted = try Template(
            source: #"<table><tr tal:repeat="r rows"><td tal:content="format:compact r/requests"/>"#
                + #"<td tal:content="format:percent.1 r/errors"/><td tal:content="format:relative r/at"/>"#
                + #"<td tal:attributes="class level:up=ok,down=critical r/status" tal:content="r/status"/></tr></table>"#,
            formatting: FolioFormatting.builtIn)
        let environment = TemplateFormatEnvironment(language: "zh-Hans", now: 1_796_162_000)
        let baseline = try measure("render 100 rows, plain paths") {
            _ = try plain.render(globals, formatEnvironment: environment)
        }
        report(baseline, unit: "renders")
        let withFormats = try measure("render 100 rows, 3 formats + 1 level each") {
            _ = try formatted.render(globals, formatEnvironment: environment)
        }
        report(withFormats, against: baseline, unit: "renders")

        let compact = try ValueFormat(spec: "compact")
        let context = FormatContext(language: .english)
        var value = 1441.029836821407
        let described = measure("Double.description") {
            value += 1
            _ = value.description
        }
        report(described, unit: "calls")
        let formattedValue = measure("ValueFormat compact") {
            value += 1
            _ = compact.format(.number(value), in: context)
        }
        report(formattedValue, against: described, unit: "calls")
    }
}
