import Foundation

/// Where session state is kept: `--state FILE`, `--state memory` or
/// `--state postgresql://user@host:port/db` (also `postgres://`; the
/// password from libpq's `PGPASSFILE` or `PGPASSWORD`, or
/// `--state-password-file`, rather than the URL everyone sees in `ps`).
public enum StateLocation: Sendable, Equatable {
    /// Nothing survives a restart.
    case memory
    /// An SQLite database file.
    case file(String)
    /// A PostgreSQL database, by its URL (`PostgreSQLAddress`: libpq's, plus `pool=N`).
    case postgreSQL(String)

    /// For a PostgreSQL URL that carries a password itself: a warning that
    /// every local user sees it, and what to do instead.
    public var passwordWarning: String? {
        guard case .postgreSQL(let url) = self, PasswordMasking.hasPassword(url) else { return nil }
        return "the --state URL holds a password, which every local user can read in `ps` while Folio "
            + "runs; put it in a file only Folio's user may read and give --state-password-file FILE "
            + "(or use libpq's PGPASSFILE), and leave it out of the URL"
    }

    /// `memory` for the word "memory", a database for a `postgresql://` or
    /// `postgres://` URL, else a file path.
    public init(argument: String) {
        if argument == "memory" {
            self = .memory
        } else if PostgreSQLAddress.isURL(argument) {
            self = .postgreSQL(argument)
        } else {
            self = .file(argument)
        }
    }

    /// The default: `folio-state.sqlite` in the working folder.
    public static let `default` = StateLocation.file("folio-state.sqlite")

    /// Opens the store.
    /// - Parameter password: For PostgreSQL, a password to use instead of
    ///   the URL's (one read from `--state-password-file`).
    /// - Throws: `FolioStartupError` when the database cannot be opened
    ///   (for PostgreSQL: reached, within its connect timeout, and set
    ///   up), every password in its message masked.
    public func openStore(password: String? = nil) throws(FolioStartupError) -> any SessionStore {
        switch self {
        case .memory:
            return MemorySessionStore()
        case .file(let path):
            do {
                return try SQLiteSessionStore(path: path)
            } catch {
                throw FolioStartupError("state store \(path): \(error)")
            }
        case .postgreSQL(let url):
            let address = try Self.address(url, password: password)
            do {
                return try PostgreSQLSessionStore(address: address)
            } catch {
                throw FolioStartupError("state store \(address.redacted): \(address.masked("\(error)"))")
            }
        }
    }
}
