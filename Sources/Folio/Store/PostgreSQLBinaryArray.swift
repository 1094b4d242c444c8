/// One array parameter in PostgreSQL's binary format (`array_send`'s):
/// a whole batch in one value, which the server reads element by element
/// with the element type's binary reader, with no literal to parse and no
/// hex to decode.
struct PostgreSQLBinaryArray {
    private(set) var bytes: [UInt8] = []

    /// An array of `count` elements of `type`, none of them NULL, about
    /// `size` bytes in all.
    init(of type: PostgreSQLType, count: Int, size: Int) {
        bytes.reserveCapacity(20 + 4 * count + size)
        append(UInt32(count == 0 ? 0 : 1))  // dimensions
        append(0)  // whether any element is NULL
        append(type.rawValue)
        if count > 0 {
            append(UInt32(count))
            append(1)  // the first index
        }
    }

    /// Appends the next element, its length before it.
    mutating func append(element: some Collection<UInt8>) {
        append(UInt32(element.count))
        bytes.append(contentsOf: element)
    }

    private mutating func append(_ word: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: word >> shift))
        }
    }

    static func texts(_ items: [String]) -> [UInt8] {
        var array = Self(of: .text, count: items.count, size: items.reduce(0) { $0 + $1.utf8.count })
        for item in items { array.append(element: item.utf8) }
        return array.bytes
    }

    static func byteStrings(_ items: [[UInt8]]) -> [UInt8] {
        var array = Self(of: .bytes, count: items.count, size: items.reduce(0) { $0 + $1.count })
        for item in items { array.append(element: item) }
        return array.bytes
    }

    static func reals(_ items: [Double]) -> [UInt8] {
        var array = Self(of: .real, count: items.count, size: 8 * items.count)
        for item in items { array.append(element: PostgreSQLValue.real(item).binary) }
        return array.bytes
    }
}
