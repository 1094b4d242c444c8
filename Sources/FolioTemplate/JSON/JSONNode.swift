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

    /// Creates a located value.
    public init(value: Value, location: SourceLocation) {
        self.value = value
        self.location = location
    }

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

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
