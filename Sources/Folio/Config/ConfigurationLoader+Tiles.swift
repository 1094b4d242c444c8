import FolioCore
import FolioTemplate
import Foundation

extension ConfigurationLoader {
    static let tileKeys = [
        "key", "title", "widget", "path", "data", "dataFile", "url", "cacheSeconds", "timeoutSeconds",
        "refreshSeconds", "levels", "unit", "previousPath", "min", "max", "columns", "levelKey", "empty",
        "format",
    ]
    static let columnKeys = ["key", "title", "align", "truncate", "format"]
    static let levelKeys = ["warning", "critical", "map"]

    /// Reads a page's `tiles` array; problems are reported at their place.
    mutating func tiles(_ node: JSONNode, in pageWhat: String, at path: String) -> [TileConfiguration] {
        note(path, node.location)
        guard case .array(let nodes) = node.value, !nodes.isEmpty else {
            reader.report(
                node.location, "'tiles' of \(pageWhat) must be a non-empty array, found \(node.kind)")
            return []
        }
        var tiles: [TileConfiguration] = []
        var seen: [String: SourceLocation] = [:]
        for (index, tileNode) in nodes.enumerated() {
            guard let tile = self.tile(tileNode, in: pageWhat, at: "\(path)[\(index)]") else { continue }
            if let first = seen[tile.key] {
                reader.report(
                    tileNode.location,
                    "two tiles of \(pageWhat) have the key '\(tile.key)' (first at \(first))")
                continue
            }
            seen[tile.key] = tileNode.location
            tiles.append(tile)
        }
        return tiles
    }

    private mutating func tile(_ node: JSONNode, in pageWhat: String, at path: String) -> TileConfiguration? {
        note(path, node.location)
        guard let fields = reader.object(node, allowed: Self.tileKeys, what: "a tile of \(pageWhat)") else {
            return nil
        }
        let key = reader.string(fields, "key", in: "a tile of \(pageWhat)", required: true)
        let what = key.map { "tile '\($0)' of \(pageWhat)" } ?? "a tile of \(pageWhat)"
        if let key, key.isEmpty || key.contains("/") || key.contains(" ") {
            reader.report(
                fields["key"]?.value.location, "the key of \(what) must be non-empty, without '/' or spaces")
        }
        let title = reader.string(fields, "title", in: what, required: true)
        let widgetName = reader.string(fields, "widget", in: what, required: true)
        let widget = widgetName.flatMap(TileWidget.init(rawValue:))
        if let widgetName, widget == nil {
            let known = TileWidget.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            reader.report(
                fields["widget"]?.value.location,
                "unknown widget '\(widgetName)' in \(what) (known: \(known))")
        }
        let tilePath = self.path(fields, "path", in: what)
        if tilePath == nil, fields["path"] == nil, widget == .stat || widget == .meter {
            reader.reportMissing("path", in: "\(what) (a \(widget?.rawValue ?? "") shows one value)", fields)
        }
        var source = self.source(fields, in: what, at: path + ".source") ?? .none
        let refreshSeconds = reader.number(fields, "refreshSeconds")
        if let member = fields["refreshSeconds"] {
            if !["dataFile", "url"].contains(where: { fields[$0] != nil }) {
                reader.report(
                    member.keyLocation, "'refreshSeconds' only applies to a tile with a 'url' or a 'dataFile'"
                )
            } else if let refreshSeconds, !(refreshSeconds > 0) {
                reader.report(member.value.location, "'refreshSeconds' must be more than 0")
            }
        }
        if case .url(let url, _, let timeout) = source {
            if !["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                reader.report(fields["url"]?.value.location, "'\(url)' is not an http(s) URL")
            }
            if let refreshSeconds, fields["cacheSeconds"] == nil {
                source = .url(url, cacheSeconds: refreshSeconds, timeoutSeconds: timeout)
            }
        }
        guard let key, let title, let widget else { return nil }
        var tile = TileConfiguration(key: key, title: title, widget: widget, path: tilePath, source: source)
        tile.refreshSeconds = refreshSeconds
        if let member = fields["levels"] {
            // A spec or a named level (checked with the configuration's names), or an object.
            if case .string(let spec) = member.value.value {
                tile.levelSpec = spec
                note(path + ".levels", member.value.location)
            } else {
                tile.levels = levels(member.value, in: what)
            }
        }
        tile.format = reader.string(fields, "format", in: what, required: false)
        note(path + ".format", fields["format"]?.value.location)
        tile.unit = reader.string(fields, "unit", in: what, required: false)
        tile.previousPath = self.path(fields, "previousPath", in: what)
        tile.minimum = reader.number(fields, "min") ?? 0
        tile.maximum = reader.number(fields, "max") ?? 100
        if tile.maximum <= tile.minimum, let member = fields["max"] ?? fields["min"] {
            reader.report(member.value.location, "'max' of \(what) must be more than its 'min'")
        }
        tile.levelKey = reader.string(fields, "levelKey", in: what, required: false)
        tile.emptyText = reader.string(fields, "empty", in: what, required: false)
        if widget == .table {
            if let member = fields["columns"] {
                tile.columns = columns(member.value, in: what, at: path + ".columns")
            } else {
                reader.reportMissing("columns", in: what, fields)
            }
        }
        for (name, applies) in [
            ("unit", [TileWidget.stat, .meter]), ("previousPath", [.stat]), ("min", [.meter]),
            ("max", [.meter]),
            ("columns", [.table]), ("levelKey", [.table]), ("empty", [.table, .status]),
        ] where fields[name] != nil && !applies.contains(widget) {
            let widgets = applies.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            reader.report(fields[name]?.keyLocation, "'\(name)' only applies to a \(widgets) tile")
        }
        return tile
    }

    /// A dotted path member, or nil (reported when malformed).
    private mutating func path(_ fields: [String: JSONMember], _ key: String, in what: String) -> String? {
        guard let text = reader.string(fields, key, in: what, required: false) else { return nil }
        guard TilePath(text) != nil else {
            reader.report(
                fields[key]?.value.location, "'\(text)' is not a path: keys joined by dots (services.api)")
            return nil
        }
        return text
    }

    /// `{"warning": 70, "critical": 90, "map": {"down": "critical"}}`.
    private mutating func levels(_ node: JSONNode, in what: String) -> TileLevels? {
        guard let fields = reader.object(node, allowed: Self.levelKeys, what: "the levels of \(what)") else {
            return nil
        }
        var rule = TileLevels(
            warning: reader.number(fields, "warning"), critical: reader.number(fields, "critical"))
        if let member = fields["map"] {
            guard case .object(let pairs) = member.value.value else {
                reader.report(member.value.location, "'map' must be an object, found \(member.value.kind)")
                return rule
            }
            for pair in pairs {
                guard case .string(let name) = pair.value.value, let level = Level(rawValue: name) else {
                    let known = Level.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    reader.report(pair.value.location, "the level of '\(pair.key)' must be one of \(known)")
                    continue
                }
                rule.mapping[pair.key] = level
            }
        }
        if rule.warning == rule.critical, rule.warning != nil {
            reader.report(
                fields["critical"]?.value.location,
                "'warning' and 'critical' of \(what) are equal: one level would never show")
        }
        return rule
    }

    private mutating func columns(_ node: JSONNode, in what: String, at path: String) -> [TableColumn] {
        guard case .array(let nodes) = node.value, !nodes.isEmpty else {
            reader.report(node.location, "'columns' of \(what) must be a non-empty array, found \(node.kind)")
            return []
        }
        return nodes.enumerated().compactMap { index, columnNode in
            guard
                let fields = reader.object(columnNode, allowed: Self.columnKeys, what: "a column of \(what)"),
                let key = reader.string(fields, "key", in: "a column of \(what)", required: true)
            else { return nil }
            var column = TableColumn(
                key: key, title: reader.string(fields, "title", in: what, required: false))
            column.format = reader.string(fields, "format", in: what, required: false)
            note("\(path)[\(index)].format", fields["format"]?.value.location)
            if let align = reader.string(fields, "align", in: what, required: false) {
                if let parsed = ColumnAlignment(rawValue: align) {
                    column.align = parsed
                } else {
                    reader.report(
                        fields["align"]?.value.location, "'align' must be 'start', 'center' or 'end'")
                }
            }
            if let member = fields["truncate"] {
                guard case .bool(let truncate) = member.value.value else {
                    reader.report(
                        member.value.location, "'truncate' must be true or false, found \(member.value.kind)")
                    return column
                }
                column.truncate = truncate
            }
            return column
        }
    }
}
