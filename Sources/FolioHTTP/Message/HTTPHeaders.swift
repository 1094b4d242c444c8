import FolioSync

/// Header fields in the order received: names compare case-insensitively,
/// a name may appear more than once.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field as received or as it will be sent.
    public struct Field: Sendable, Hashable {
        /// The name with its original case.
        public var name: String
        /// The value with surrounding whitespace removed.
        public var value: String
    }

    /// The fields in order (the serializer compares them with the last response's).
    private(set) var fields: [Field]

    /// Room for fields added after creation: a handler's answer usually
    /// gains a few (security headers, cookies) on its way out, and growing
    /// the array twice per response showed in profiles.
    static let roomForAddedFields = 6

    /// Creates headers from `(name, value)` pairs, keeping their order.
    public init(_ pairs: [(String, String)] = []) {
        fields = []
        fields.reserveCapacity(pairs.count + Self.roomForAddedFields)
        for (name, value) in pairs { fields.append(Field(name: name, value: value)) }
    }

    /// Creates empty headers with room for `capacity` fields.
    public init(minimumCapacity capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// `["Content-Type": "text/plain"]`
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// How many fields there are.
    public var count: Int { fields.count }

    /// Iterates fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        firstIndex(named: name).map { fields[$0].value }
    }

    /// The index of the first field named `name`. Each field is read in
    /// place through the buffer: iterating `fields` copies every field it
    /// passes (a retain and a release of each string), and several lookups
    /// run per request.
    private func firstIndex(named name: String) -> Int? {
        fields.withUnsafeBufferPointer { fields in
            let length = name.utf8.count
            // Lengths first: most fields differ in length, and reading a
            // length takes no reference to the string.
            return fields.indices.first {
                fields[$0].name.utf8.count == length && fields[$0].name.equalsIgnoringASCIICase(name)
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map { $0.value }
    }

    /// Whether any field is named `name`.
    public func contains(_ name: String) -> Bool { firstIndex(named: name) != nil }

    /// Whether any field is named one of `names`: one pass over the fields,
    /// both read in place (a `contains` per name copied each name and
    /// walked the fields again for each).
    public func containsAny(of names: [String]) -> Bool {
        fields.withUnsafeBufferPointer { fields in
            names.withUnsafeBufferPointer { names in
                fields.indices.contains { field in
                    names.indices.contains {
                        fields[field].name.utf8.count == names[$0].utf8.count
                            && fields[field].name.equalsIgnoringASCIICase(names[$0])
                    }
                }
            }
        }
    }

    /// Appends a field, keeping any existing ones with that name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Appends each of `defaults`' fields whose name is not here yet: the
    /// fields every answer carries unless its handler set its own. Both are
    /// read in place, so only an appended field's strings are retained.
    public mutating func addAbsent(_ defaults: HTTPHeaders) {
        let present = fields.count
        for index in defaults.fields.indices where !isPresent(named: defaults, index, among: present) {
            fields.append(defaults.fields[index])
        }
    }

    /// Whether one of the first `count` fields has the name of `other`'s field at `index`.
    private func isPresent(named other: borrowing HTTPHeaders, _ index: Int, among count: Int) -> Bool {
        other.fields.withUnsafeBufferPointer { other in
            fields.withUnsafeBufferPointer { fields in
                // A range, not `fields[..<count].indices`: a slice's indices are
                // not specialized here and looked up type metadata on every call.
                (0..<count).contains {
                    fields[$0].name.utf8.count == other[index].name.utf8.count
                        && fields[$0].name.equalsIgnoringASCIICase(other[index].name)
                }
            }
        }
    }

    /// Replaces every field named `name` with one field, or appends it.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name)
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Whether a comma-separated header such as `Connection` lists `token`.
    public func hasToken(_ token: String, in name: String) -> Bool {
        for field in fields where field.name.equalsIgnoringASCIICase(name) {
            for part in field.value.split(separator: ",")
            where part.trimmingSpacesAndTabs().equalsIgnoringASCIICase(token) {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    /// ASCII-only case-insensitive comparison, as header names and tokens need.
    public func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let left = utf8
        let right = other.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension String {
    /// `equalsIgnoringASCIICase` over the two strings' contiguous bytes: the
    /// generic one walks `UTF8View`s, and header names are compared this way
    /// several times per request (each lookup scans every field).
    public func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8InPlace { left in
            other.withUTF8InPlace { right in
                for index in 0..<left.count where left[index].asciiLowercased != right[index].asciiLowercased
                {
                    return false
                }
                return true
            }
        }
    }
}

extension UInt8 {
    /// The byte with A-Z mapped to a-z.
    @inline(__always)
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
