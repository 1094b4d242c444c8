import Foundation

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
    static func address(_ url: String, password: String?) throws(FolioStartupError)
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
        let (configuration, warnings) = try loadConfiguration(configurationFile, options: options)
        let password = try state.password(options: options)
        let sessions = SessionManager(
            store: try state.openStore(password: password), configuration: options.sessions, clock: clock)
        // Loading validated it: the app does not read the data files again.
        return try FolioApp(
            configuration: configuration, options: options, sessions: sessions, validated: warnings,
            liveBus: try state.liveBus(for: configuration, password: password),
            configurationFile: configurationFile)
    }

    /// The configuration file read and checked in full against the
    /// templates folder, with its warnings: at launch and at every reload.
    static func loadConfiguration(_ file: String, options: FolioAppOptions) throws -> (
        FolioConfiguration, [ConfigurationProblem]
    ) {
        try FolioPaths.checkReadableDirectory(options.templatesDirectory, role: "templates")
        return try FolioConfiguration.loadReportingWarnings(
            file: file, templatesDirectory: options.templatesDirectory)
    }
}
