import CSQLite
import Foundation

/// The state database holds every session id and CSRF token, so only its
/// owner may read it: the database and its `-wal` and `-shm` files are
/// `0600`.
///
/// A new database is created `0600` before SQLite opens it (whatever the
/// umask); SQLite gives the `-wal` and `-shm` files it creates the main
/// file's permissions. Files left with looser modes by an older version
/// (or by hand) are tightened when the store opens: the group and other
/// bits are cleared, the owner's kept. A file that cannot be tightened
/// (someone else's) stops the store from opening.
///
/// None of this opens a file SQLite has open: closing any descriptor of a
/// file drops every POSIX lock this process holds on it, SQLite's too, and
/// then another process (the `sqlite3` shell, a backup, a second instance)
/// believes it is alone, and on closing checkpoints and deletes the WAL the
/// server is still writing: answered clicks are lost at the next crash.
/// So the modes are read and changed by path (`lstat`, `chmod`), and a new
/// file is created with `O_EXCL`, which opens nothing that exists.
///
/// The files must also be Folio's user's own, in a folder nobody else may
/// change (`FileOwnership`): checked by path before SQLite opens them, and
/// on SQLite's own descriptors once the store is set up, before a session
/// or the secret is written.
extension SQLiteConnection {
    /// The permissions of a new state file: read and write for the owner only.
    static let privateMode: mode_t = 0o600

    /// Creates `path` with `privateMode` if nothing is there, so SQLite
    /// opens a file that was never readable by others. Does nothing for
    /// `file:` URIs and `:memory:` (those are tightened after opening), nor
    /// for a file that exists (`O_EXCL`: nothing already open is opened).
    static func createPrivatelyIfNeeded(_ path: String) throws(StoreError) {
        guard isPlainPath(path) else { return }
        let descriptor = openRetrying(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, privateMode)
        // An existing file, symlink or folder is SQLite's to open or report.
        guard descriptor >= 0 else { return }
        close(descriptor)
    }

    /// Whether `path` names a file directly (not a `file:` URI or `:memory:`).
    static func isPlainPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("file:") && path != ":memory:"
    }

    /// Refuses, before SQLite opens anything, a folder others may change
    /// and a database, `-wal` or `-shm` that exists and is not Folio's own.
    /// (A `file:` URI is checked once open, by `makeFilesPrivate`.)
    static func checkOwnershipBeforeOpening(_ path: String) throws(StoreError) {
        guard isPlainPath(path) else { return }
        try checkOwnership(of: path)
    }

    /// Clears the group and other bits of the open database and of its
    /// `-wal` and `-shm` files, where they exist, once they are known to
    /// be Folio's own (by path, and by SQLite's own descriptors).
    /// - Throws: `StoreError` naming a file that stays readable by others
    ///   or belongs to someone else, or a folder others may change.
    func makeFilesPrivate() throws(StoreError) {
        guard let name = sqlite3_db_filename(handle, "main") else { return }
        let database = String(cString: name)
        // An in-memory or temporary database has no file.
        guard !database.isEmpty else { return }
        try Self.checkOwnership(of: database)
        let files = [database, database + "-wal", database + "-shm"]
        if let problem = FileOwnership.foreignDescriptorProblem(of: files) {
            throw StoreError(problem)
        }
        for path in files {
            try Self.makePrivate(path)
        }
    }

    /// Refuses a folder others may change, and a database, `-wal` or `-shm`
    /// that exists and belongs to someone else.
    private static func checkOwnership(of database: String) throws(StoreError) {
        if let problem = FileOwnership.folderProblem(of: database) { throw StoreError(problem) }
        for path in [database, database + "-wal", database + "-shm"] {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if let problem = FileOwnership.ownerProblem(status.st_uid, of: path) { throw StoreError(problem) }
        }
    }

    /// Clears the group and other bits of `path`, if it exists, by path:
    /// see above for why no descriptor of it may be opened and closed here.
    static func makePrivate(_ path: String) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw StoreError("cannot check the permissions of '\(path)': \(String(cString: strerror(errno)))")
        }
        // A symlink's own mode means nothing, and chmod would follow it.
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError("'\(path)' is not a regular file; the state store keeps its files itself")
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return }
        guard chmod(path, mode & 0o700) == 0 else {
            throw StoreError(
                "'\(path)' is readable by others (mode \(String(mode, radix: 8))) and cannot be made private: "
                    + String(cString: strerror(errno)))
        }
    }

    private static func openRetrying(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        while true {
            let descriptor = open(path, flags, mode)
            if descriptor >= 0 || errno != EINTR { return descriptor }
        }
    }
}
