import Folio

/// Browsers over an app built for the test: the demo, a configuration
/// file, or pagers built in Swift. Each has its own in-memory sessions.
extension FolioBrowser {
    /// A browser over the demo dashboard (`Templates/demo/folio.json`).
    /// - Parameters:
    ///   - templatesDirectory: Default `./Templates`, else the Folio source tree's.
    ///   - publicDirectory: Default `./Public`, else the Folio source tree's.
    ///   - basePath: The prefix of every route. Default none.
    /// - Throws: `ConfigurationError` or `FolioStartupError` when the demo cannot load.
    public static func demo(
        templatesDirectory: String = FolioPaths.defaultTemplatesDirectory,
        publicDirectory: String = FolioPaths.defaultPublicDirectory, basePath: String = ""
    ) throws -> FolioBrowser {
        try FolioBrowser(
            configurationFile: FolioPaths.demoConfiguration(templatesDirectory: templatesDirectory),
            templatesDirectory: templatesDirectory, publicDirectory: publicDirectory, basePath: basePath)
    }

    /// A browser over the dashboard a configuration file declares, with
    /// sessions kept in memory.
    /// - Throws: `ConfigurationError` (every problem with file:line:col) or
    ///   `FolioStartupError` (folders, templates).
    public convenience init(
        configurationFile: String, templatesDirectory: String = FolioPaths.defaultTemplatesDirectory,
        publicDirectory: String = FolioPaths.defaultPublicDirectory, basePath: String = ""
    ) throws {
        let app = try FolioApp.launch(
            configurationFile: configurationFile,
            options: Self.options(templatesDirectory, publicDirectory, basePath), state: .memory)
        self.init(app: app)
    }

    /// A browser over pagers built in Swift, with sessions kept in memory.
    /// - Parameters:
    ///   - configuration: The pagers (`FolioConfiguration(title:pagers:)`).
    ///   - templatesDirectory: Where `page.html` and the pages' templates are.
    /// - Throws: `FolioStartupError` when a template is missing or a pager is invalid.
    public convenience init(
        configuration: FolioConfiguration, templatesDirectory: String = FolioPaths.defaultTemplatesDirectory,
        publicDirectory: String = FolioPaths.defaultPublicDirectory, basePath: String = ""
    ) throws(FolioStartupError) {
        let app = try FolioApp(
            configuration: configuration,
            options: Self.options(templatesDirectory, publicDirectory, basePath),
            sessions: SessionManager(store: MemorySessionStore()))
        self.init(app: app)
    }

    private static func options(_ templates: String, _ publicDirectory: String, _ basePath: String)
        -> FolioAppOptions
    {
        var options = FolioAppOptions(templatesDirectory: templates, publicDirectory: publicDirectory)
        options.basePath = FolioAppOptions.normalizedBasePath(basePath)
        return options
    }
}
