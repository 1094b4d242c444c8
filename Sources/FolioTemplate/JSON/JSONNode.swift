/// A JSON value that remembers where it starts, so whoever reads it (the
/// configuration loader, above all) can name the exact line and column of a
/// problem.
///
/// ``JSONReader`` makes these; ``TemplateValue/init(jsonNode:)`` turns one
/// into template data.
public struct JSONNode: Sendable {
    /// The value itself; containers hold located nodes.
    public enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number (always finite).
        case number(Double)
        /// A string, escapes decoded.
        case string(String)
        /// An array, in order.
        case array([JSONNode])
        /// An object's members in source order, repeated keys included.
        case object([JSONMember])
    }

    /// The value.
    public var value: Value
    /// Where the value starts (its first character).
    public var location: SourceLocation

    /// A word for the kind of value, for "expected X, found Y" messages:
    /// `null`, `a boolean`, `a number`, `a string`, `an array`, `an object`.
    public var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object, in source order (duplicates are
/// kept, so a reader can report them).
public struct JSONMember: Sendable {
    /// The key, escapes decoded.
    public var key: String
    /// Where the key's opening quote is.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: JSONNode
}

extension JSONNode {
    /// The value as compact strict JSON text, as ``TemplateValue/init(json:)``
    /// reads it: comments and positions dropped, of a repeated key the first
    /// value kept, and `<` written `\u003c` so the text is safe inside a
    /// `<script>` block too. Folio hands inline page data from its
    /// configuration to the template engine this way.
    public var jsonText: String {
        var output = ""
        TemplateValue(jsonNode: self).writeJSON(into: &output, escapingLessThan: true)
        return output
    }
}
