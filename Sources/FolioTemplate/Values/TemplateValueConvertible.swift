/// A Swift value that can hand itself to a template.
///
/// Conform your view models when building a ``TemplateValue`` by hand is
/// cheaper than going through `Encodable` (``TemplateValue/init(encoding:)``).
public protocol TemplateValueConvertible {
    /// The value as templates see it.
    var templateValue: TemplateValue { get }
}

extension TemplateValue: TemplateValueConvertible {
    /// Itself.
    public var templateValue: TemplateValue { self }
}

extension String: TemplateValueConvertible {
    /// `.string(self)`.
    public var templateValue: TemplateValue { .string(self) }
}

extension Int: TemplateValueConvertible {
    /// `.number`.
    public var templateValue: TemplateValue { .number(Double(self)) }
}

extension Double: TemplateValueConvertible {
    /// `.number(self)`.
    public var templateValue: TemplateValue { .number(self) }
}

extension Bool: TemplateValueConvertible {
    /// `.bool(self)`.
    public var templateValue: TemplateValue { .bool(self) }
}

extension Optional: TemplateValueConvertible where Wrapped: TemplateValueConvertible {
    /// The wrapped value's, or `.null`.
    public var templateValue: TemplateValue { self?.templateValue ?? .null }
}

extension Array: TemplateValueConvertible where Element: TemplateValueConvertible {
    /// `.array` of the elements' values.
    public var templateValue: TemplateValue { .array(map(\.templateValue)) }
}

extension Dictionary: TemplateValueConvertible where Key == String, Value: TemplateValueConvertible {
    /// `.object`, keys sorted (a dictionary has no order of its own).
    public var templateValue: TemplateValue {
        .object(TemplateObject(keys.sorted().map { ($0, self[$0]!.templateValue) }))
    }
}

extension TemplateValue {
    /// The value of anything ``TemplateValueConvertible``.
    public init(_ value: some TemplateValueConvertible) { self = value.templateValue }
}
