/// One array parameter in PostgreSQL's binary format (`array_send`'s):
/// a whole batch in one value, which the server reads element by element
/// with the element type's binary reader, with no literal to parse and no
/// hex to decode.
struct PostgreSQLBinaryArray {
    /// The array's type (`text[]`...), which its statement is prepared with.
    let type: PostgreSQLType
    private(set) var bytes: [UInt8] = []

    /// An array of `count` elements of `element`, none of them NULL, about
    /// `size` bytes in all.
    private init(_ type: PostgreSQLType, of element: PostgreSQLType, count: Int, size: Int) {
        self.type = type
        bytes.reserveCapacity(20 + 4 * count + size)
        bytes.appendBigEndian(Int32(count == 0 ? 0 : 1))  // dimensions
        bytes.appendBigEndian(Int32(0))  // whether any element is NULL
        bytes.appendBigEndian(element.rawValue)
        if count > 0 {
            bytes.appendBigEndian(Int32(count))
            bytes.appendBigEndian(Int32(1))  // the first index
        }
    }

    static func texts(_ items: [String]) -> Self {
        var array = Self(
            .textArray, of: .text, count: items.count, size: items.reduce(0) { $0 + $1.utf8.count })
        for item in items {
            array.bytes.appendBigEndian(Int32(item.utf8.count))
            array.bytes.append(contentsOf: item.utf8)
        }
        return array
    }

    static func byteStrings(_ items: [[UInt8]]) -> Self {
        var array = Self(.bytesArray, of: .bytes, count: items.count, size: items.reduce(0) { $0 + $1.count })
        for item in items {
            array.bytes.appendBigEndian(Int32(item.count))
            array.bytes.append(contentsOf: item)
        }
        return array
    }

    static func reals(_ items: [Double]) -> Self {
        var array = Self(.realArray, of: .real, count: items.count, size: 8 * items.count)
        for item in items {
            array.bytes.appendBigEndian(Int32(8))
            array.bytes.appendBigEndian(item.bitPattern)
        }
        return array
    }
}
