/// Name/value pairs from a query string or an `application/x-www-form-urlencoded`
/// body, in order, names possibly repeated.
public struct FormFields: Sendable, Hashable, Sequence {
    /// One decoded pair.
    public struct Field: Sendable, Hashable {
        /// The decoded name.
        public var name: String
        /// The decoded value (empty when the pair had no `=`).
        public var value: String
    }

    /// The pairs in the order they appeared.
    public private(set) var fields: [Field]

    /// Creates fields from pairs.
    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Decodes `a=1&b=x+y&c=%C3%A9`: `+` is a space, percent escapes are UTF-8.
    ///
    /// - Throws: `FormDecodingError` on a malformed escape or bytes that are not UTF-8.
    public init(urlEncoded text: some Collection<UInt8>) throws(FormDecodingError) {
        fields = []
        // Pair by pair without `split`, which builds an array of slices first.
        var start = text.startIndex
        while start != text.endIndex {
            let end = text[start...].firstIndex(of: UInt8(ascii: "&")) ?? text.endIndex
            let pair = text[start..<end]
            start = end == text.endIndex ? end : text.index(after: end)
            if pair.isEmpty { continue }
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let rawName = equals.map { pair[pair.startIndex..<$0] } ?? pair[...]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            guard let name = PercentDecoding.decode(rawName, plusAsSpace: true),
                let value = PercentDecoding.decode(rawValue, plusAsSpace: true)
            else { throw FormDecodingError(text: String(decoding: pair, as: UTF8.self)) }
            fields.append(Field(name: name, value: value))
        }
    }

    /// The first value named `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name == name }.map { $0.value }
    }

    /// How many pairs there are.
    public var count: Int { fields.count }

    /// Whether there are no pairs.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates the pairs in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// A query string or form body that is not valid urlencoded UTF-8, or a body
/// whose `Content-Type` is not `application/x-www-form-urlencoded`.
public struct FormDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending pair (or the content type).
    public var text: String

    /// A short human-readable message.
    public var description: String { "malformed form field: \(text)" }
}

/// Percent-decoding shared by paths, queries and forms.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when asked) into UTF-8 text.
    ///
    /// - Returns: nil for a truncated or non-hex escape, or bytes that are not UTF-8.
    static func decode(_ bytes: some Collection<UInt8>, plusAsSpace: Bool) -> String? {
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(validating: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let high = bytes.index(after: index)
                guard high != bytes.endIndex else { return nil }
                let low = bytes.index(after: high)
                guard low != bytes.endIndex, let h = hexValue(bytes[high]), let l = hexValue(bytes[low])
                else {
                    return nil
                }
                output.append(h << 4 | l)
                index = bytes.index(after: low)
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = bytes.index(after: index)
        }
        return String(validating: output, as: UTF8.self)
    }

    /// The value of one hex digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
