extension TemplateValue {
    /// Encodes any `Encodable` into a template value, keeping the order in
    /// which it encodes its keys (the declaration order for synthesized
    /// conformances). `nil` optionals become absent keys, as with JSON.
    ///
    /// - Throws: `EncodingError` when the value's own `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        let root = EncodingBox()
        try value.encode(to: TemplateEncoder(box: root, codingPath: []))
        self = root.value
    }
}

/// A mutable slot the containers write into; turned into a value at the end.
private final class EncodingBox {
    enum Content {
        case empty
        case single(TemplateValue)
        case keyed([(String, EncodingBox)])
        case unkeyed([EncodingBox])
    }

    var content = Content.empty

    var value: TemplateValue {
        switch content {
        case .empty: return .object(TemplateObject())
        case .single(let value): return value
        case .keyed(let pairs): return .object(TemplateObject(pairs.map { ($0.0, $0.1.value) }))
        case .unkeyed(let boxes): return .array(boxes.map(\.value))
        }
    }

    func child(forKey key: String) -> EncodingBox {
        var pairs: [(String, EncodingBox)] = []
        if case .keyed(let existing) = content { pairs = existing }
        if let found = pairs.first(where: { $0.0 == key }) { return found.1 }
        let box = EncodingBox()
        pairs.append((key, box))
        content = .keyed(pairs)
        return box
    }

    func appendChild() -> EncodingBox {
        var boxes: [EncodingBox] = []
        if case .unkeyed(let existing) = content { boxes = existing }
        let box = EncodingBox()
        boxes.append(box)
        content = .unkeyed(boxes)
        return box
    }

    var unkeyedCount: Int {
        if case .unkeyed(let boxes) = content { return boxes.count }
        return 0
    }
}

private struct TemplateEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = box.content {} else { box.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = box.content {} else { box.content = .unkeyed([]) }
        return UnkeyedContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: box, codingPath: codingPath)
    }
}

/// Encodes one value into `box`, using the value's own representation for
/// the primitives so numbers and strings do not go through a nested encoder.
private func encodeValue(_ value: some Encodable, into box: EncodingBox, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: box.content = .single(.string(text))
    case let flag as Bool: box.content = .single(.bool(flag))
    case let number as Double: box.content = .single(.number(number))
    case let number as Float: box.content = .single(.number(Double(number)))
    case let number as Int: box.content = .single(.number(Double(number)))
    case let number as Int64: box.content = .single(.number(Double(number)))
    case let number as UInt: box.content = .single(.number(Double(number)))
    case let template as TemplateValue: box.content = .single(template)
    default: try value.encode(to: TemplateEncoder(box: box, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        box.child(forKey: key.stringValue).content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        TemplateEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TemplateEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
            .unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TemplateEncoder(box: box.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TemplateEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) {
        stringValue = String(index)
        intValue = index
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var count: Int { box.unkeyedCount }

    mutating func encodeNil() throws { box.appendChild().content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = IndexKey(count)
        try encodeValue(value, into: box.appendChild(), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let key = IndexKey(count)
        return TemplateEncoder(box: box.appendChild(), codingPath: codingPath + [key]).container(
            keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(count)
        return TemplateEncoder(box: box.appendChild(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TemplateEncoder(box: box.appendChild(), codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.content = .single(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: box, codingPath: codingPath)
    }
}
