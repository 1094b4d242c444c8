import FolioCore
import FolioTemplate

/// How a tile turns values into levels: a mapping for words (`"up"` -> ok),
/// checked first, then thresholds for numbers. Both are FolioCore's
/// ``LevelRule``s, the ones `level:` in a template uses, so a tile and a
/// template judge a value alike.
public struct TileLevels: Sendable, Hashable {
    /// A number at or past this is at least `warning`.
    public var warning: Double?
    /// A number at or past this is `critical`.
    public var critical: Double?
    /// Values (as text: `"down"`, `"503"`, `"true"`) to levels; checked first.
    public var mapping: [String: Level] = [:]

    /// Creates the rules. With both thresholds and `critical` below
    /// `warning`, lower values are worse (free disk space); otherwise higher ones are.
    public init(warning: Double? = nil, critical: Double? = nil, mapping: [String: Level] = [:]) {
        self.warning = warning
        self.critical = critical
        self.mapping = mapping
    }

    /// Which way thresholds count when the spec said so (`lower-is-worse`);
    /// nil: from the thresholds' order.
    var higherIsWorse: Bool?

    /// A level spec's rule (`warning=80,critical=90`, `up=ok,down=critical`) as a tile's.
    init(_ rule: LevelRule) {
        switch rule.kind {
        case .thresholds(let warning, let critical, let higherIsWorse):
            self.init(warning: warning, critical: critical)
            self.higherIsWorse = higherIsWorse
        case .mapping(let mapping):
            self.init(mapping: mapping)
        }
    }

    /// A status list's rules when its tile gives none.
    public static let serviceStates = TileLevels(mapping: [
        "up": .ok, "ok": .ok, "degraded": .warning, "warning": .warning, "down": .critical,
        "critical": .critical,
    ])

    /// Whether lower numbers are worse (only when `critical` < `warning`).
    var lowerIsWorse: Bool {
        if let higherIsWorse { return !higherIsWorse }
        guard let warning, let critical else { return false }
        return critical < warning
    }

    /// The level of `value`; `unknown` for a missing value, a value the
    /// mapping does not name and no threshold can judge, or NaN.
    public func level(of value: TemplateValue?) -> Level {
        let input = FormatInput(value)
        if !mapping.isEmpty {
            let mapped = LevelRule(kind: .mapping(mapping), spec: "").level(of: input)
            if mapped != .unknown { return mapped }
        }
        guard warning != nil || critical != nil else { return .unknown }
        let thresholds = LevelRule.Kind.thresholds(
            warning: warning, critical: critical, higherIsWorse: !lowerIsWorse)
        return LevelRule(kind: thresholds, spec: "").level(of: input)
    }
}
