import Folio

/// Browsers over an app built for the test: the demo, a configuration
/// file, or pagers built in Swift. Each has its own in-memory sessions.
extension FolioBrowser {
    /// A browser over the demo dashboard (`Templates/demo/folio.json` of
    /// Folio's checkout), whatever the working folder: a package that
    /// depends on Folio gets the same demo as Folio's own tests.
    /// - Parameters:
    ///   - templatesDirectory: Default Folio's own (`FolioPaths.builtInTemplatesDirectory`).
    ///   - publicDirectory: Default Folio's own (`FolioPaths.builtInPublicDirectory`).
    ///   - basePath: The prefix of every route. Default none.
    /// - Throws: `ConfigurationError` or `FolioStartupError` when the demo cannot load.
    public static func demo(
        templatesDirectory: String = FolioPaths.builtInTemplatesDirectory,
        publicDirectory: String = FolioPaths.builtInPublicDirectory, basePath: String = ""
    ) throws -> FolioBrowser {
        try FolioBrowser(
            configurationFile: FolioPaths.demoConfiguration(templatesDirectory: templatesDirectory),
            templatesDirectory: templatesDirectory, publicDirectory: publicDirectory, basePath: basePath)
    }

    /// A browser over the dashboard a configuration file declares, with
    /// sessions kept in memory.
    ///
    /// A relative `configurationFile` is taken from the working folder
    /// (`swift test` runs in the package's root); a missing one is reported
    /// with the absolute path looked for.
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
