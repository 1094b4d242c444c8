import Foundation

/// Where session state is kept: `--state FILE` or `--state memory`.
public enum StateLocation: Sendable, Equatable {
    /// Nothing survives a restart.
    case memory
    /// An SQLite database file.
    case file(String)

    /// `memory` for the word "memory", else a file path.
    public init(argument: String) {
        self = argument == "memory" ? .memory : .file(argument)
    }

    /// The default: `folio-state.sqlite` in the working folder.
    public static let `default` = StateLocation.file("folio-state.sqlite")

    /// Opens the store.
    /// - Throws: `FolioStartupError` when the database cannot be opened.
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
            configuration: configuration, options: options, sessions: sessions, validated: warnings)
    }
}
