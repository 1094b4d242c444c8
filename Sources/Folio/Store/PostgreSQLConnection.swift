import CLibPQ
import Foundation

/// One libpq connection. Used by one thread at a time: `PostgreSQLPool`
/// hands it to one caller, and takes it back, under its lock.
final class PostgreSQLConnection: @unchecked Sendable {
    // Not private: the LISTEN extension (PostgreSQLConnection+Notifications) reads notifications on it.
    let handle: OpaquePointer
    /// The SQLSTATE of the last statement that failed (`23505`: a unique
    /// violation), or `nil` when the connection itself failed.
    private(set) var lastSQLState: String?
    /// Whether a call gave up waiting for the server's answer
    /// (`awaitResult`), which cut the connection: the server may not run.
    var timedOut = false

    /// Connects with `conninfo` (a `postgresql://` URL) and bounded waits:
    /// libpq's keywords before the URL are defaults its own query overrides;
    /// `password`, after it, overrides the URL's.
    /// - Throws: `StoreError` with libpq's message, passwords masked,
    ///   within `connect_timeout`.
    init(conninfo: String, password: String? = nil) throws(StoreError) {
        var settings: [(String, String)] = [
            // A server that does not answer fails the call instead of hanging it.
            ("connect_timeout", "2"),
            ("tcp_user_timeout", "5000"),
            ("options", "-c statement_timeout=5000"),
            ("application_name", "folio"),
            ("dbname", conninfo),
        ]
        if let password { settings.append(("password", password)) }
        let connection = Self.withCStrings(settings.map(\.0)) { keywords in
            Self.withCStrings(settings.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else { throw StoreError("cannot connect to PostgreSQL: out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            // libpq may quote the URL's parts, its password among them.
            let known = PasswordMasking.passwords(in: conninfo) + (password.map { [$0] } ?? [])
            let message = PasswordMasking.masked(Self.message(PQerrorMessage(connection)), hiding: known)
            PQfinish(connection)
            throw StoreError("cannot connect to PostgreSQL: \(message)")
        }
        handle = connection
        // Notices ("relation already exists, skipping") are not Folio's to print.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Whether the connection was lost (the server restarted or went away):
    /// it cannot be used again.
    var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

    /// Whether no transaction is open, so the connection can be given back.
    var isIdle: Bool { PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Prepares `statement` under its name, for `run`.
    func prepare(_ statement: PostgreSQLStatement) throws(StoreError) {
        let types = statement.parameterTypes.map(\.rawValue)
        let sent = PQsendPrepare(handle, statement.rawValue, statement.sql, Int32(types.count), types)
        _ = try check(try awaitResult(sent: sent), doing: "prepare \(statement.rawValue)")
    }

    /// Runs a prepared statement with `values` bound (binary, in and out).
    @discardableResult
    func run(_ statement: PostgreSQLStatement, _ values: [PostgreSQLValue] = []) throws(StoreError)
        -> PostgreSQLResult
    {
        let sent = Self.withParameters(values) { count, pointers, lengths, formats in
            PQsendQueryPrepared(handle, statement.rawValue, count, pointers, lengths, formats, 1)
        }
        return try check(try awaitResult(sent: sent), doing: statement.rawValue)
    }

    /// Runs one SQL statement that is not prepared (transaction control,
    /// the schema), with any values bound, never spliced into `sql`.
    @discardableResult
    func execute(_ sql: String, _ values: [PostgreSQLValue] = []) throws(StoreError) -> PostgreSQLResult {
        let types = values.map(\.type.rawValue)
        let sent = Self.withParameters(values) { count, pointers, lengths, formats in
            PQsendQueryParams(handle, sql, count, types, pointers, lengths, formats, 1)
        }
        return try check(try awaitResult(sent: sent), doing: sql)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled
    /// back when it or the commit throws, so nothing of it is kept then.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN")
        do throws(StoreError) {
            let result = try body()
            // A transaction that failed answers COMMIT with ROLLBACK, not an error.
            guard try execute("COMMIT").commandTag == "COMMIT" else {
                throw StoreError("PostgreSQL rolled the transaction back")
            }
            return result
        } catch {
            if !isBroken { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    private func check(_ result: OpaquePointer?, doing what: String) throws(StoreError) -> PostgreSQLResult {
        guard let result else {
            lastSQLState = nil
            throw StoreError(
                "PostgreSQL (\(what)): \(PasswordMasking.masked(Self.message(PQerrorMessage(handle))))")
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgreSQLResult(result)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C")))
            lastSQLState = state.map { String(cString: $0) }
            let message = Self.message(PQresultErrorMessage(result))
            PQclear(result)
            throw StoreError("PostgreSQL (\(what)): \(message)")
        }
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        let message = text.map { String(cString: $0) } ?? ""
        // libpq's messages span lines, the later ones indented with a tab.
        let trimmed = message.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        return trimmed.isEmpty ? "unknown error" : trimmed
    }

    /// `strings` as a C array of C strings ending in a null pointer.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The parameters as libpq takes them: count, bytes, lengths, formats (all binary).
    private static func withParameters<Result>(
        _ values: [PostgreSQLValue],
        _ body: (
            Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> Result
    ) -> Result {
        withBinaryParameters(values.map(\.binary), body)
    }
}
