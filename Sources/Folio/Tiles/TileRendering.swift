import FolioCore
import FolioTemplate
import Foundation

/// What tiles need of the server beyond their own configuration: the
/// configuration's formats, levels and time zone, and the measurer charts
/// lay their labels out with. `FolioApp` gives every tile its own
/// (`FolioConfiguration.preparingTiles`); the default knows built-in specs
/// only and estimates text widths.
public struct TileRendering: Sendable {
    /// Built-in and named formats and levels, in the configuration's time zone.
    public var formatting: FolioFormatting
    /// Measures chart labels as the browser draws them.
    public var measurer: any TextMeasuring
    /// The pages' writing direction; a pager's own `dir` wins. Right to left,
    /// a chart's time runs from the right and its value axis sits on the right.
    public var direction = TextDirection.ltr
    /// Chart times formatted by earlier renders of this generation's tiles.
    public var formattedTimes = FormattedTimes()
    /// The tiles' and columns' format specs, parsed once when the
    /// configuration is prepared rather than at every value shown.
    var parsedSpecs: [String: ValueFormat] = [:]

    /// Creates the rendering context.
    public init(formatting: FolioFormatting = .builtIn, measurer: any TextMeasuring) {
        self.formatting = formatting
        self.measurer = measurer
    }

    /// Built-in specs only, widths estimated: a tile not prepared by `FolioApp`.
    static let estimated = TileRendering(measurer: EstimatingMeasurer())

    /// The format a tile's or column's `format` names (a named format or a
    /// spec); nil for none or for a spec that does not parse (`folio check`
    /// reports it), so the value is shown as it is.
    func format(_ spec: String?) -> ValueFormat? {
        guard let spec else { return nil }
        return formatting.formats[spec] ?? parsedSpecs[spec] ?? (try? ValueFormat(spec: spec))
    }

    /// The level rule a tile's `levels` string names (a named level or a spec).
    func levelRule(_ spec: String) -> LevelRule? {
        formatting.levels[spec] ?? (try? LevelRule(spec: spec))
    }
}

/// Shows a tile's values: the one place a widget's value becomes text.
struct TileValueText {
    let format: ValueFormat?
    let context: FormatContext

    /// `value` formatted, or as the data has it when the tile has no format.
    /// A relative time is an object of its text and its instant
    /// (`datetime`), so the page's `<time>` can keep it current.
    func callAsFunction(_ value: TemplateValue) -> TemplateValue {
        guard let format else { return value }
        let text = format.format(FormatInput(value), in: context)
        // "—" is what every format shows for a missing or unreadable value.
        guard format.kind == .relative, text != "—" else { return .string(text) }
        let iso = ValueFormat(kind: .iso, spec: "iso").format(FormatInput(value), in: context)
        return .object(TemplateObject([("text", .string(text)), ("datetime", .string(iso))]))
    }

    /// A number as text, for chart labels; without a format, grouped digits
    /// to two places so no float noise reaches a label.
    func text(_ number: Double) -> String {
        (format ?? Self.labelFormat).format(.number(number), in: context)
    }

    /// `text(number)` written into markup, escaped.
    func append(_ number: Double, to markup: inout MarkupBytes) {
        markup.appendFormatted(number, format ?? Self.labelFormat, in: context)
    }

    private static let labelFormat = ValueFormat(kind: .number(fractionDigits: 2), spec: "number.2")
}

extension FolioConfiguration {
    /// The configuration with every tile given its formats, levels, time
    /// zone and `measurer`.
    public func preparingTiles(measurer: any TextMeasuring) -> FolioConfiguration {
        var prepared = self
        var rendering = TileRendering(formatting: formatting, measurer: measurer)
        rendering.direction = dir
        let tiles = pagers.flatMap(\.pages).flatMap(\.tiles)
        for spec in tiles.flatMap({ [$0.format] + $0.columns.map(\.format) }).compactMap({ $0 }) {
            rendering.parsedSpecs[spec] = try? ValueFormat(spec: spec)
        }
        for pagerIndex in prepared.pagers.indices {
            for pageIndex in prepared.pagers[pagerIndex].pages.indices {
                for tileIndex in prepared.pagers[pagerIndex].pages[pageIndex].tiles.indices {
                    prepared.pagers[pagerIndex].pages[pageIndex].tiles[tileIndex].rendering = rendering
                }
            }
        }
        return prepared
    }
}
