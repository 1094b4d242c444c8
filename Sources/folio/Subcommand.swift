/// One `folio` subcommand: parses its own arguments, then runs.
///
/// Parsing is kept apart from running so tests can check one without the
/// other, as swift-argument-parser does.
protocol Subcommand: Sendable {
    /// The word that selects this subcommand (`serve`, `render`, ...).
    static var name: String { get }
    /// One line for the root help.
    static var abstract: String { get }
    /// The full `--help` text.
    static var help: String { get }

    /// Reads the subcommand's arguments.
    /// - Throws: `CommandLineError` for an unknown flag, a missing value or
    ///   a missing operand; nothing has run yet.
    init(arguments: inout Arguments) throws(CommandLineError)

    /// Does the work and returns the process exit status.
    func run() async throws -> Int32
}
