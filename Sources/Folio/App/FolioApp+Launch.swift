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

extension StateLocation {
    /// How live refreshes are shared: through the database for PostgreSQL
    /// when some pager is live, else not at all (one instance).
    /// - Throws: `FolioStartupError` when the database cannot be reached.
    func liveBus(for configuration: FolioConfiguration, password: String? = nil) throws(FolioStartupError)
        -> any LiveBus
    {
        guard case .postgreSQL(let url) = self, configuration.pagers.contains(where: \.isLive) else {
            return LocalLiveBus()
        }
        let address = try Self.address(url, password: password)
        do {
            return try PostgreSQLLiveBus(address: address, report: PageContentStore.logToStandardError)
        } catch {
            throw FolioStartupError("live updates through \(address.redacted): \(address.masked("\(error)"))")
        }
    }

    /// The PostgreSQL address of `url`, with `password` instead of the URL's.
    private static func address(_ url: String, password: String?) throws(FolioStartupError)
        -> PostgreSQLAddress
    {
        do { return try PostgreSQLAddress(url: url, password: password) } catch {
            throw FolioStartupError(PasswordMasking.masked("state store: \(error)"))
        }
    }

    /// The password in `options.statePasswordFile`, for a PostgreSQL store.
    /// - Throws: `FolioStartupError` when the file is not private or not
    ///   readable, or is given for another kind of store.
    func password(options: FolioAppOptions) throws(FolioStartupError) -> String? {
        guard let file = options.statePasswordFile else { return nil }
        guard case .postgreSQL = self else {
            throw FolioStartupError(
                "--state-password-file is for a PostgreSQL state store (--state postgresql://...)")
        }
        do { return try PostgreSQLPasswordFile.read(file) } catch {
            throw FolioStartupError("state store: \(error)")
        }
    }
}

extension FolioApp {
    /// Loads a configuration file and builds the app over a store: what
    /// `folio serve` and `folio render` share.
    /// - Throws: `ConfigurationError` (every problem, with file:line:col) or
    ///   `FolioStartupError` (folders, templates, store).
    public static func launch(
        configurationFile: String, options: FolioAppOptions, state: StateLocation,
        clock: any WallClock = SystemWallClock()
    ) throws -> FolioApp {
        try FolioPaths.checkReadableDirectory(options.templatesDirectory, role: "templates")
        let (configuration, warnings) = try FolioConfiguration.loadReportingWarnings(
            file: configurationFile, templatesDirectory: options.templatesDirectory)
        let password = try state.password(options: options)
        let sessions = SessionManager(
            store: try state.openStore(password: password), configuration: options.sessions, clock: clock)
        // Loading validated it: the app does not read the data files again.
        return try FolioApp(
            configuration: configuration, options: options, sessions: sessions, validated: warnings,
            liveBus: try state.liveBus(for: configuration, password: password))
    }
}
