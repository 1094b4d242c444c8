import FolioTemplate

/// How a value stands: the one scale every widget shows, in colour and in words.
public enum TileLevel: String, Sendable, CaseIterable {
    case ok, warning, critical, unknown
}

/// How a tile turns values into levels: thresholds for numbers, a mapping
/// for words (`"up"` -> ok), or both. The one place levels are decided.
public struct LevelRule: Sendable, Hashable {
    /// A number at or past this is at least `warning`.
    public var warning: Double?
    /// A number at or past this is `critical`.
    public var critical: Double?
    /// Values (as text: `"down"`, `"503"`, `"true"`) to levels; checked first.
    public var mapping: [String: TileLevel] = [:]

    /// Creates a rule. With both thresholds and `critical` below `warning`,
    /// lower values are worse (free disk space); otherwise higher ones are.
    public init(warning: Double? = nil, critical: Double? = nil, mapping: [String: TileLevel] = [:]) {
        self.warning = warning
        self.critical = critical
        self.mapping = mapping
    }

    /// A status list's rule when its tile gives none.
    public static let serviceStates = LevelRule(mapping: [
        "up": .ok, "ok": .ok, "degraded": .warning, "warning": .warning, "down": .critical,
        "critical": .critical,
    ])

    /// Whether lower numbers are worse (only when `critical` < `warning`).
    var lowerIsWorse: Bool {
        guard let warning, let critical else { return false }
        return critical < warning
    }

    /// The level of `value`; `unknown` for a missing value, a value the
    /// mapping does not name and no threshold can judge, or NaN.
    public func level(of value: TemplateValue?) -> TileLevel {
        guard let value, value != .null else { return .unknown }
        if let mapped = mapping[value.text] { return mapped }
        guard case .number(let number) = value, number.isFinite, warning != nil || critical != nil else {
            return .unknown
        }
        let reached = { (threshold: Double) in lowerIsWorse ? number <= threshold : number >= threshold }
        if let critical, reached(critical) { return .critical }
        if let warning, reached(warning) { return .warning }
        return .ok
    }
}
