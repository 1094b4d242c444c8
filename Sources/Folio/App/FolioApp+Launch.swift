import Foundation

/// Where session state is kept: `--state FILE`, `--state memory` or
/// `--state postgresql://user@host:port/db` (also `postgres://`).
public enum StateLocation: Sendable, Equatable {
    /// Nothing survives a restart.
    case memory
    /// An SQLite database file.
    case file(String)
    /// A PostgreSQL database, by its URL (`PostgreSQLAddress`: libpq's, plus `pool=N`).
    case postgreSQL(String)

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
    /// - Throws: `FolioStartupError` when the database cannot be opened
    ///   (for PostgreSQL: reached, within its connect timeout, and set up).
    public func openStore() throws(FolioStartupError) -> any SessionStore {
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
            let address: PostgreSQLAddress
            do { address = try PostgreSQLAddress(url: url) } catch {
                throw FolioStartupError("state store: \(error)")
            }
            do {
                return try PostgreSQLSessionStore(address: address)
            } catch {
                throw FolioStartupError("state store \(address.redacted): \(error)")
            }
        }
    }
}

extension StateLocation {
    /// How live refreshes are shared: through the database for PostgreSQL
    /// when some pager is live, else not at all (one instance).
    /// - Throws: `FolioStartupError` when the database cannot be reached.
    func liveBus(for configuration: FolioConfiguration) throws(FolioStartupError) -> any LiveBus {
        guard case .postgreSQL(let url) = self, configuration.pagers.contains(where: \.isLive) else {
            return LocalLiveBus()
        }
        let address: PostgreSQLAddress
        do { address = try PostgreSQLAddress(url: url) } catch {
            throw FolioStartupError("state store: \(error)")
        }
        do {
            return try PostgreSQLLiveBus(address: address, report: PageContentStore.logToStandardError)
        } catch {
            throw FolioStartupError("live updates through \(address.redacted): \(error)")
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
        let sessions = SessionManager(
            store: try state.openStore(), configuration: options.sessions, clock: clock)
        // Loading validated it: the app does not read the data files again.
        return try FolioApp(
            configuration: configuration, options: options, sessions: sessions, validated: warnings,
            liveBus: try state.liveBus(for: configuration))
    }
}
