/// How a value stands: what a level rule makes of it, shown as a word,
/// a colour and an icon together (colour is never the only signal).
public enum Level: String, Sendable, Hashable, CaseIterable {
    /// Within bounds, or mapped to ok.
    case ok
    /// Past the warning threshold, or mapped to warning.
    case warning
    /// Past the critical threshold, or mapped to critical.
    case critical
    /// No value, NaN, text where a number was needed, or a word the mapping lacks.
    case unknown
}
