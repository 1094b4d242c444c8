import CLibPQ

/// One statement of a pipelined round: a prepared one, or SQL that is not
/// prepared (transaction control), with its values bound.
struct PipelinedStatement {
    enum Text {
        case prepared(PostgreSQLStatement)
        case sql(String)
    }

    let text: Text
    let values: [PostgreSQLValue]

    static func prepared(_ statement: PostgreSQLStatement, _ values: [PostgreSQLValue] = []) -> Self {
        Self(text: .prepared(statement), values: values)
    }

    static func sql(_ sql: String) -> Self { Self(text: .sql(sql), values: []) }
}

/// What became of one statement of a pipelined round.
enum PipelinedOutcome {
    case rows(PostgreSQLResult)
    /// The database refused it; `sqlState` says why (`23505`: a unique violation).
    case failed(StoreError, sqlState: String?)
    /// Not run: an earlier statement of the round failed, and the server
    /// skips the rest of a round after a failure.
    case skipped
}

extension PipelinedOutcome {
    /// What one result of a statement says (it takes `result`, which it clears or keeps).
    init(_ result: OpaquePointer) {
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            self = .rows(PostgreSQLResult(result))
        case PGRES_PIPELINE_ABORTED:
            PQclear(result)
            self = .skipped
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = PostgreSQLConnection.oneLine(PQresultErrorMessage(result))
            PQclear(result)
            self = .failed(StoreError("PostgreSQL: \(message)"), sqlState: state)
        }
    }
}

extension PostgreSQLConnection {
    /// Sends one statement of a round (`false`: the connection failed).
    func send(_ statement: PipelinedStatement) -> Bool {
        let encoded = statement.values.map(\.binary)
        let types = statement.values.map(\.type.rawValue)
        return Self.withBinaryParameters(encoded) { count, pointers, lengths, formats in
            switch statement.text {
            case .prepared(let prepared):
                PQsendQueryPrepared(handle, prepared.rawValue, count, pointers, lengths, formats, 1) == 1
            case .sql(let sql):
                PQsendQueryParams(handle, sql, count, types, pointers, lengths, formats, 1) == 1
            }
        }
    }

    func connectionFailure(_ what: String) -> StoreError {
        StoreError("PostgreSQL (\(what)): \(PasswordMasking.masked(Self.oneLine(PQerrorMessage(handle))))")
    }

    /// libpq's message on one line (it spans lines, the later ones indented).
    static func oneLine(_ text: UnsafePointer<CChar>?) -> String {
        let lines = (text.map { String(cString: $0) } ?? "").split(whereSeparator: \.isNewline)
        let message = lines.map { $0.drop(while: \.isWhitespace) }.filter { !$0.isEmpty }.joined(
            separator: " ")
        return message.isEmpty ? "unknown error" : message
    }

    /// The values as libpq takes them: count, bytes, lengths, formats (all binary).
    static func withBinaryParameters<Result>(
        _ encoded: [[UInt8]],
        _ body: (
            Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> Result
    ) -> Result {
        let copies: [UnsafeMutablePointer<CChar>] = encoded.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress {
                    UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: raw.count)
                }
            }
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        let lengths = encoded.map { Int32($0.count) }
        let formats = [Int32](repeating: 1, count: encoded.count)
        return pointers.withUnsafeBufferPointer { pointers in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(Int32(encoded.count), pointers.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
