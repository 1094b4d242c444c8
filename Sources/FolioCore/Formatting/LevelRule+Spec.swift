extension LevelRule {
    /// Reads a spec: `warning=80,critical=90`, `warning=20,critical=10`,
    /// `critical=5,lower-is-worse`, or `up=ok,degraded=warning,down=critical`.
    /// Spaces around items, names and values are ignored.
    /// - Throws: `FormatSpecError` at the character where the spec goes
    ///   wrong: an item without `=`, a threshold that is no finite number, a
    ///   threshold or word given twice, a mapping to something other than
    ///   ok, warning, critical or unknown, thresholds mixed with a mapping,
    ///   or `lower-is-worse` against thresholds that say otherwise.
    public init(spec: String) throws(FormatSpecError) {
        var warning: Double?
        var critical: Double?
        var lowerIsWorse: Int?
        var mapping: [String: Level] = [:]
        var firstThreshold: Int?
        var firstMapping: Int?
        for item in Self.items(of: spec) {
            if item.text == "lower-is-worse" {
                lowerIsWorse = item.offset
                continue
            }
            guard let equals = item.text.firstIndex(of: "=") else {
                throw FormatSpecError(
                    spec: spec, offset: item.offset,
                    message: "'\(item.text)' is no level item: write NAME=VALUE, such as warning=80 or up=ok")
            }
            let name = String(item.text[..<equals]).trimmingSpaces
            let value = String(item.text[item.text.index(after: equals)...]).trimmingSpaces
            let valueOffset = item.offset + item.text.distance(from: item.text.startIndex, to: equals) + 1
            if name == "warning" || name == "critical", Level(rawValue: value) == nil {
                guard let number = Self.threshold(value) else {
                    throw FormatSpecError(
                        spec: spec, offset: valueOffset,
                        message: "the \(name) threshold '\(value)' is not a finite number")
                }
                if (name == "warning" ? warning : critical) != nil {
                    throw FormatSpecError(spec: spec, offset: item.offset, message: "\(name) is given twice")
                }
                if name == "warning" { warning = number } else { critical = number }
                firstThreshold = firstThreshold ?? item.offset
            } else {
                guard let level = Level(rawValue: value) else {
                    throw FormatSpecError(
                        spec: spec, offset: valueOffset,
                        message: "'\(value)' is no level: map '\(name)' to ok, warning, critical or unknown")
                }
                guard !name.isEmpty else {
                    throw FormatSpecError(
                        spec: spec, offset: item.offset, message: "a mapping needs a value before '='")
                }
                if mapping[name] != nil {
                    throw FormatSpecError(
                        spec: spec, offset: item.offset, message: "'\(name)' is mapped twice")
                }
                mapping[name] = level
                firstMapping = firstMapping ?? item.offset
            }
        }
        if let firstThreshold, let firstMapping {
            throw FormatSpecError(
                spec: spec, offset: max(firstThreshold, firstMapping),
                message: "a level uses thresholds or a mapping, not both")
        }
        if !mapping.isEmpty {
            if let lowerIsWorse {
                throw FormatSpecError(
                    spec: spec, offset: lowerIsWorse,
                    message: "'lower-is-worse' is for thresholds, not a mapping")
            }
            self.init(kind: .mapping(mapping), spec: spec)
            return
        }
        guard warning != nil || critical != nil else {
            throw FormatSpecError(
                spec: spec, offset: 0,
                message:
                    "a level needs thresholds (warning=80,critical=90) or a mapping (up=ok,down=critical)")
        }
        var higherIsWorse = lowerIsWorse == nil
        if let warning, let critical, warning != critical {
            higherIsWorse = critical > warning
            if let lowerIsWorse, higherIsWorse {
                throw FormatSpecError(
                    spec: spec, offset: lowerIsWorse,
                    message: "'lower-is-worse', but critical (\(critical)) is above warning (\(warning))")
            }
        }
        self.init(
            kind: .thresholds(warning: warning, critical: critical, higherIsWorse: higherIsWorse), spec: spec)
    }

    /// The comma-separated items with their character offsets, spaces trimmed.
    private static func items(of spec: String) -> [(text: Substring, offset: Int)] {
        var items: [(text: Substring, offset: Int)] = []
        var offset = 0
        for part in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = part.prefix { $0 == " " }.count
            let text = part.dropFirst(leading)
            let trimmed = text.prefix(text.count - text.reversed().prefix { $0 == " " }.count)
            if !trimmed.isEmpty { items.append((trimmed, offset + leading)) }
            offset += part.count + 1
        }
        return items
    }

    /// A decimal number (no hex, no `nan`, no `inf`).
    private static func threshold(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789.eE+-".contains($0) }),
            let number = Double(text), number.isFinite
        else { return nil }
        return number
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
