import FolioCore
import FolioTemplate

/// What `tiles.html` and `widgets.html` draw for one tile: the tile's
/// configuration and data turned into plain values, levels decided here.
///
/// Every value shown passes through ``shown(_:)`` (the tile's `format`, or a
/// column's), then the one `value` macro of `widgets.html`.
struct TileViewModel {
    let tile: TileConfiguration
    let words: TileWords
    /// The page's language tag, for formats and chart words.
    var language = "en"
    /// Seconds since 1970 at this render, for relative times.
    var now = 0.0
    /// Whether the page is written right to left (charts mirror).
    var rightToLeft = false

    var context: FormatContext {
        FormatContext(
            language: FormatLanguage(tag: language), timeZone: tile.rendering.formatting.timeZone, now: now)
    }

    /// The tile's values as shown, through its `format`.
    var shown: TileValueText { TileValueText(format: tile.rendering.format(tile.format), context: context) }

    /// Whether the tile or a column shows relative times, which age.
    var showsRelativeTime: Bool {
        ([tile.format] + tile.columns.map(\.format)).contains { tile.rendering.format($0)?.kind == .relative }
    }

    /// The tile's levels: its object, else its spec or named level.
    var rule: TileLevels? {
        tile.levels ?? tile.levelSpec.flatMap { tile.rendering.levelRule($0) }.map(TileLevels.init)
    }

    /// The tile as template data: `key`, `title`, `widget`, then either
    /// `problem` (the reader's words) or the widget's own object under its name.
    func value(_ data: TileData) -> TemplateValue {
        var fields: [(String, TemplateValue)] = [
            ("key", .string(tile.key)), ("title", .string(tile.title)),
            ("widget", .string(tile.widget.rawValue)),
        ]
        let widget: Result<TemplateValue, TileProblem>
        switch tile.widget {
        case .stat: widget = stat(data)
        case .status: widget = status(data)
        case .table: widget = table(data)
        case .meter: widget = meter(data)
        case .sparkline, .line, .area: widget = timeChart(data)
        case .bar: widget = barChart(data)
        }
        switch widget {
        case .success(let value):
            fields.append((tile.widget.rawValue, value))
        case .failure(let problem):
            fields.append(("problem", .string(problem.words(words))))
            if case .loading = problem { fields.append(("loading", .bool(true))) }
        }
        return .object(TemplateObject(fields))
    }

    /// A level as the widgets show it: its name (the CSS class), its word and its icon.
    func level(_ level: Level) -> TemplateValue {
        .object(
            TemplateObject([
                ("name", .string(level.rawValue)), ("word", .string(words.levels[level] ?? level.rawValue)),
                ("icon", .string(TileWords.icons[level] ?? "")),
            ]))
    }

    func level(of value: TemplateValue?, default rule: TileLevels? = nil) -> TemplateValue {
        level((self.rule ?? rule)?.level(of: value) ?? .unknown)
    }

    private func stat(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.value(at: tile.path).map { value in
            var fields: [(String, TemplateValue)] = [("value", shown(value))]
            // Without levels in its configuration a stat claims none, rather than "unknown".
            if rule != nil { fields.append(("level", level(of: value))) }
            if let unit = tile.unit { fields.append(("unit", .string(unit))) }
            if let previousPath = tile.previousPath, case .number(let now) = value,
                case .success(let previous) = data.number(at: previousPath)
            {
                fields.append(("change", change(from: previous, to: now)))
            }
            return .object(TemplateObject(fields))
        }
    }

    /// The change as an arrow AND words ("up 12 from 88"): the arrow is
    /// hidden from screen readers, the words are not.
    func change(from previous: Double, to now: Double) -> TemplateValue {
        let (direction, arrow, word) =
            now > previous
            ? ("up", "▲", words.rising)
            : now < previous ? ("down", "▼", words.falling) : ("same", "▶", words.unchanged)
        return .object(
            TemplateObject([
                ("direction", .string(direction)), ("arrow", .string(arrow)), ("word", .string(word)),
                ("delta", shown(.number(abs(now - previous)))), ("from", .string(words.from)),
                ("previous", shown(.number(previous))),
            ]))
    }

    private func status(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.list(at: tile.path).map { items in
            let services = items.map { item -> TemplateValue in
                let state = item["state"] ?? item["status"]
                var fields: [(String, TemplateValue)] = [
                    ("name", item["name"] ?? .string(item.text)), ("state", state ?? .null),
                    ("level", level(of: state, default: .serviceStates)),
                ]
                if let since = item["since"] { fields.append(("since", shown(since))) }
                return .object(TemplateObject(fields))
            }
            return .object(
                TemplateObject([
                    ("services", .array(services)), ("since", .string(words.since)),
                    ("empty", .string(tile.emptyText ?? words.empty)),
                ]))
        }
    }

    private func table(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.list(at: tile.path).map { items in
            let columns = tile.columns.map { column in
                TemplateValue.object(
                    TemplateObject([
                        ("key", .string(column.key)), ("title", .string(column.title)),
                        ("align", .string(column.align.rawValue)), ("truncate", .bool(column.truncate)),
                    ]))
            }
            let rows = items.map { row -> TemplateValue in
                let cells = tile.columns.map { column -> TemplateValue in
                    let raw = row[column.key] ?? .null
                    let value =
                        column.format.map {
                            TileValueText(format: tile.rendering.format($0), context: context)(raw)
                        } ?? raw
                    return .object(
                        TemplateObject([
                            ("value", value), ("text", .string(value.text)),
                            ("align", .string(column.align.rawValue)), ("truncate", .bool(column.truncate)),
                        ]))
                }
                // Unknown for a table without `levelKey`: its rows are not coloured (folio.css).
                let rowLevel = level(of: tile.levelKey.flatMap { row[$0] })
                return .object(TemplateObject([("cells", .array(cells)), ("level", rowLevel)]))
            }
            return .object(
                TemplateObject([
                    ("columns", .array(columns)), ("rows", .array(rows)),
                    ("leveled", .bool(tile.levelKey != nil)),
                    ("levelTitle", .string(words.levelTitle)),
                    ("empty", .string(tile.emptyText ?? words.empty)),
                ]))
        }
    }

    private func meter(_ data: TileData) -> Result<TemplateValue, TileProblem> {
        data.number(at: tile.path ?? "").flatMap { value in
            var fields: [(String, TemplateValue)] = [
                ("value", .number(value)), ("min", .number(tile.minimum)), ("max", .number(tile.maximum)),
                ("shown", shown(.number(value))), ("shownMax", shown(.number(tile.maximum))),
                ("label", .string(tile.title)),
            ]
            if rule != nil { fields.append(("level", level(of: .number(value)))) }
            if let unit = tile.unit { fields.append(("unit", .string(unit))) }
            // The browser's own colouring of <meter>: the good end, and where the bad end begins.
            if let rule, let warning = rule.warning ?? rule.critical {
                fields.append(rule.lowerIsWorse ? ("low", .number(warning)) : ("high", .number(warning)))
                fields.append(("optimum", .number(rule.lowerIsWorse ? tile.maximum : tile.minimum)))
            }
            return .success(.object(TemplateObject(fields)))
        }
    }
}
