/// What a format or a level is given: a number, text, or nothing.
public enum FormatInput: Sendable, Hashable {
    /// A number (NaN and the infinities included).
    case number(Double)
    /// Text: an ISO 8601 time, a status word, or a number written as text.
    case text(String)
    /// `true` or `false` (a level mapping can name them).
    case bool(Bool)
    /// No value (a missing key, JSON `null`).
    case missing

    /// The number this input stands for: a number, or text that is one
    /// (`"1441.5"`); `nil` for anything else.
    var number: Double? {
        switch self {
        case .number(let value): return value
        case .text(let text):
            guard !text.isEmpty, text.allSatisfy({ "0123456789.eE+-".contains($0) }) else { return nil }
            return Double(text)
        case .bool, .missing: return nil
        }
    }

    /// The input as a mapping key: text as is, a whole number without `.0`.
    var key: String? {
        switch self {
        case .text(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            guard value.isFinite else { return nil }
            if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
            return value.description
        case .missing: return nil
        }
    }
}
