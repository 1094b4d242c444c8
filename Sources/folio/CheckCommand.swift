import Folio

/// `folio check`: validate a configuration and its templates, reporting
/// every problem as `file:line:col: message`.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let abstract = "Validate a configuration and its templates."
    static let help = """
        USAGE: folio check [--config FILE] [--templates DIR]

        Reads the configuration (unknown keys, wrong types, duplicate pager or
        page keys, bad colours and layouts, missing templates, unreadable data
        files) and compiles every template it uses. Prints every problem as
        file:line:col: message and exits 1 if there is any.

        OPTIONS:
        \(DashboardOptions.help)
        """

    var dashboard: DashboardOptions

    init(arguments: inout Arguments) throws(CommandLineError) {
        dashboard = try DashboardOptions(arguments: &arguments)
    }

    func run() async throws -> Int32 {
        let (configuration, problems) = FolioCheck.run(
            configurationFile: dashboard.configurationFile, templatesDirectory: dashboard.templatesDirectory)
        guard problems.isEmpty, let configuration else {
            for problem in problems { printError(problem.description) }
            printError("folio check: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            return 1
        }
        let pages = configuration.pagers.reduce(0) { $0 + $1.pages.count }
        print("\(dashboard.configurationFile): ok, \(configuration.pagers.count) pagers, \(pages) pages")
        return 0
    }
}
