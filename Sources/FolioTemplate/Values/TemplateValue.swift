/// A value a template can read: the JSON data model, with objects that keep
/// their key order (so a page renders fields in the order its data lists them).
///
/// Build one from JSON (``init(json:)``), from any `Encodable`
/// (``init(encoding:)``), from literals, or from a ``TemplateValueConvertible``.
public enum TemplateValue: Sendable, Hashable {
    /// JSON `null`; behaves like TALES `nothing`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Every JSON number; integers render without a trailing `.0`.
    case number(Double)
    /// Text; escaped when rendered unless the statement says `structure`.
    case string(String)
    /// An ordered list; `tal:repeat` iterates it, numeric path steps index it.
    case array([TemplateValue])
    /// Keys and values in their original order.
    case object(TemplateObject)
    /// Markup built by Swift code (a chart's SVG): `structure` writes its
    /// bytes as they are, with no trip through `String`; otherwise it is
    /// text like any string.
    case markup(TemplateMarkup)
}

extension TemplateValue {
    /// TAL truth: `false`, `null`, `0`, `""`, `[]` and `{}` are false;
    /// everything else (even the string `"0"`) is true.
    public var isTrue: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .markup(let markup): return !markup.bytes.isEmpty
        case .array(let items): return !items.isEmpty
        case .object(let object): return !object.isEmpty
        }
    }

    /// The text this value renders as: numbers in shortest round-trip form
    /// (`3`, `3.1`), `null` as nothing, arrays and objects as compact JSON.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .string(let value): return value
        case .markup(let markup): return markup.text
        case .array, .object: return jsonText
        }
    }

    /// Formats a number the way templates show it: no `.0` on integers.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return number.description
    }

    /// Looks up `key` when this is an object.
    public subscript(key: String) -> TemplateValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

extension TemplateValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal, stored as a number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: TemplateValue...) { self = .array(elements) }
    /// A dictionary literal; its order is kept.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(elements))
    }
}
