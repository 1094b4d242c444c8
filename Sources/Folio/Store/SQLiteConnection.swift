import CSQLite

/// One SQLite database connection. Not thread-safe: `SQLiteSessionStore`
/// keeps it behind a `LockedValue`.
final class SQLiteConnection {
    let handle: OpaquePointer

    /// Opens (creating if needed, mode `0600`) the database at `path`.
    /// - Throws: `StoreError` naming the path and SQLite's message, or a
    ///   file or folder that is not Folio's own (`checkOwnershipBeforeOpening`).
    init(path: String) throws(StoreError) {
        try Self.checkOwnershipBeforeOpening(path)
        try Self.createPrivatelyIfNeeded(path)
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw StoreError("cannot open state database '\(path)': \(message)")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 2000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// The connection's last error message.
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs statements that return nothing.
    func execute(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw StoreError(text)
        }
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so the
    /// write lock is taken at once): committed when it returns, rolled back
    /// when it or the commit throws, so nothing of it is kept then.
    func transaction<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Compiles one statement, to be reused.
    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
                == SQLITE_OK,
            let statement
        else { throw StoreError("cannot prepare '\(sql)': \(lastError)") }
        return SQLiteStatement(handle: statement, connection: self)
    }
}

/// A prepared statement, reset and rebound for each use.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// A value to bind to a `?` parameter.
    enum Value {
        case text(String)
        case real(Double)
        case integer(Int64)
        case blob([UInt8])
    }

    /// Runs the statement with `values` and calls `row` for each result row.
    /// - Throws: `StoreError` with SQLite's message (disk full, read-only...).
    func run(_ values: [Value], row: (SQLiteStatement) -> Void = { _ in }) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        // SQLITE_TRANSIENT: SQLite copies the bytes before bind returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, transient)
            case .real(let number): sqlite3_bind_double(handle, index, number)
            case .integer(let number): sqlite3_bind_int64(handle, index, number)
            case .blob(let bytes):
                _ = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient)
                }
            }
        }
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: row(self)
            case SQLITE_DONE: return
            default: throw StoreError(connection.lastError)
            }
        }
    }

    /// Column `index` of the current row as text.
    func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: pointer)
    }

    /// Column `index` of the current row as a number.
    func real(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` of the current row as an integer.
    func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// Column `index` of the current row as bytes.
    func blob(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
