/// Turns a value into a ``Level``: thresholds for numbers, or a mapping for words.
///
/// Written as a spec of comma-separated items, parsed once:
///
/// - thresholds, `warning=80,critical=90`: a value reaching a threshold
///   takes its level (90 is critical). The direction follows the
///   thresholds: a critical above the warning means higher is worse; below
///   it (`warning=20,critical=10`, free space) lower is worse, and a value
///   at or below the threshold takes its level. With one threshold higher is
///   worse unless the spec says `lower-is-worse`.
/// - a mapping, `up=ok,degraded=warning,down=critical`: a value's text (a
///   whole number without `.0`, `true`, `false`) to a level.
///
/// NaN, a missing value, text that is no number (for thresholds) and a word
/// the mapping lacks are all `unknown`.
public struct LevelRule: Sendable, Hashable {
    /// What the rule compares against.
    public enum Kind: Sendable, Hashable {
        /// Thresholds; `higherIsWorse` says which way they count.
        case thresholds(warning: Double?, critical: Double?, higherIsWorse: Bool)
        /// Values (as text) to levels.
        case mapping([String: Level])
    }

    /// The rule's thresholds or mapping.
    public var kind: Kind
    /// The spec it was read from.
    public var spec: String

    /// Creates a rule from its kind; `spec` is what messages show.
    public init(kind: Kind, spec: String) {
        self.kind = kind
        self.spec = spec
    }

    /// The level of `input`.
    public func level(of input: FormatInput) -> Level {
        switch kind {
        case .thresholds(let warning, let critical, let higherIsWorse):
            guard let value = input.number, !value.isNaN else { return .unknown }
            func reaches(_ threshold: Double?) -> Bool {
                guard let threshold else { return false }
                return higherIsWorse ? value >= threshold : value <= threshold
            }
            if reaches(critical) { return .critical }
            if reaches(warning) { return .warning }
            return .ok
        case .mapping(let levels):
            guard let key = input.key else { return .unknown }
            return levels[key] ?? .unknown
        }
    }
}
