/// The object case of ``TemplateValue``: string keys in their original order.
///
/// Small objects (the usual view model) are searched linearly, which beats
/// hashing for a handful of keys; larger ones build an index once.
public struct TemplateObject: Sendable, Hashable {
    /// The keys, in order.
    public private(set) var keys: [String]
    /// The values, parallel to ``keys``.
    public private(set) var values: [TemplateValue]
    private var index: [String: Int]?

    private static let linearLimit = 12

    /// An object from key-value pairs; a repeated key keeps its first value.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        keys = []
        values = []
        keys.reserveCapacity(pairs.underestimatedCount)
        values.reserveCapacity(pairs.underestimatedCount)
        for (key, value) in pairs where position(of: key) == nil {
            append(key, value)
        }
    }

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// The number of keys.
    public var count: Int { keys.count }
    /// Whether the object has no keys.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`, or nil when absent.
    public subscript(key: String) -> TemplateValue? {
        if let index {
            return index[key].map { values[$0] }
        }
        // Keys of another length are passed over without comparing their text.
        let length = key.utf8.count
        for position in keys.indices where keys[position].utf8.count == length && keys[position] == key {
            return values[position]
        }
        return nil
    }

    /// Adds `key` at the end, or replaces its value where it already is.
    public mutating func set(_ key: String, _ value: TemplateValue) {
        if let position = position(of: key) {
            values[position] = value
        } else {
            append(key, value)
        }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func append(_ key: String, _ value: TemplateValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[key] = keys.count - 1
        } else if keys.count > Self.linearLimit {
            var built: [String: Int] = [:]
            for (position, name) in keys.enumerated() where built[name] == nil {
                built[name] = position
            }
            index = built
        }
    }

    /// Equal when the same keys hold the same values in the same order.
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    /// Hashes keys and values in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
