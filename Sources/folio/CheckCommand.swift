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
        files) and compiles every template it uses, with the same rules as
        serve and a FolioApp built in Swift. Prints every problem as
        file:line:col: message, sorted by file, line and column, and exits 1
        if there is any error.

        Warnings (file:line:col: warning: message) do not fail the check. A page
        key made only of digits is one: a select form's page=N is matched
        against the keys first and only then read as a position, so key "1"
        hides the page at position 1 from page=1.

        Templates are looked up in --templates DIR first, then in Folio's own
        Templates folder, so DIR needs only the templates it adds or replaces.

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
        for problem in problems { printError(problem.description) }
        let errors = problems.filter { $0.severity == .error }.count
        let warnings = problems.count - errors
        guard errors == 0, let configuration else {
            let counts = [counted(errors, "problem")] + (warnings > 0 ? [counted(warnings, "warning")] : [])
            printError("folio check: \(counts.joined(separator: ", "))")
            return 1
        }
        let pages = configuration.pagers.reduce(0) { $0 + $1.pages.count }
        var summary = "ok, \(counted(configuration.pagers.count, "pager")), \(counted(pages, "page"))"
        if warnings > 0 { summary += ", \(counted(warnings, "warning"))" }
        print("\(dashboard.configurationFile): \(summary)")
        return 0
    }
}

/// `1 pager`, `2 pagers`, `0 pagers`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
