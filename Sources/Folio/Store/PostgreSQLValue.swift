import CLibPQ

/// PostgreSQL's types Folio binds, by their OIDs (`pg_type`).
enum PostgreSQLType: Oid {
    case boolean = 16
    case bytes = 17
    case integer = 20
    case text = 25
    case real = 701
    case textArray = 1009
    case bytesArray = 1001
    case realArray = 1022
}

/// A value bound to a `$n` parameter, sent in PostgreSQL's binary format
/// (big-endian numbers, raw bytes), so no value is ever part of the SQL text.
enum PostgreSQLValue {
    case text(String)
    case real(Double)
    case integer(Int64)
    case boolean(Bool)
    case bytes([UInt8])
    /// A batch's worth of one column, encoded when the value is made.
    case array(PostgreSQLBinaryArray)

    var type: PostgreSQLType {
        switch self {
        case .text: .text
        case .real: .real
        case .integer: .integer
        case .boolean: .boolean
        case .bytes: .bytes
        case .array(let array): array.type
        }
    }

    var binary: [UInt8] {
        switch self {
        case .text(let text): Array(text.utf8)
        case .real(let number): Self.bigEndian(number.bitPattern)
        case .integer(let number): Self.bigEndian(number)
        case .boolean(let flag): [flag ? 1 : 0]
        case .bytes(let bytes): bytes
        case .array(let array): array.bytes
        }
    }

    private static func bigEndian(_ number: some FixedWidthInteger) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(number)
        return bytes
    }
}

extension [UInt8] {
    /// Appends `number`'s bytes, most significant first: PostgreSQL's binary format.
    mutating func appendBigEndian(_ number: some FixedWidthInteger) {
        for shift in stride(from: number.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: number >> shift))
        }
    }
}

/// The rows of one statement, in binary format; cleared when released.
final class PostgreSQLResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// How many rows there are.
    var count: Int { Int(PQntuples(handle)) }

    /// How many rows an `INSERT`, `UPDATE` or `DELETE` changed.
    var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The command tag (`COMMIT`, `INSERT 0 1`...).
    var commandTag: String { String(cString: PQcmdStatus(handle)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        let count = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard count > 0, let pointer = PQgetvalue(handle, Int32(row), Int32(column)) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: pointer, count: count))
    }

    func text(_ row: Int, _ column: Int) -> String { String(decoding: bytes(row, column), as: UTF8.self) }

    /// A `float8` column.
    func real(_ row: Int, _ column: Int) -> Double { Double(bitPattern: bits(row, column)) }

    /// An `int8` column (`count(*)`).
    func integer(_ row: Int, _ column: Int) -> Int64 { Int64(bitPattern: bits(row, column)) }

    func boolean(_ row: Int, _ column: Int) -> Bool { bytes(row, column).first == 1 }

    private func bits(_ row: Int, _ column: Int) -> UInt64 {
        bytes(row, column).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }
}
