import Folio
import Foundation

/// The root of `folio`: picks a subcommand, prints help, maps errors to exit
/// codes. Only this layer turns errors into exit statuses.
enum FolioCommand {
    static let version = FolioApp.version

    /// Every subcommand, in help order. The first one is the default.
    static let subcommands: [any Subcommand.Type] = [
        ServeCommand.self, RenderCommand.self, TemplateCommand.self, CheckCommand.self,
    ]

    static var help: String {
        let width = subcommands.map { $0.name.count }.max() ?? 0
        let lines = subcommands.map {
            "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.abstract)"
        }
        return """
            folio \(version): serve pager dashboards to a browser.

            USAGE: folio [SUBCOMMAND] [OPTIONS]

            SUBCOMMANDS:
            \(lines.joined(separator: "\n"))

              Run 'folio SUBCOMMAND --help' for one subcommand's options.
            """
    }

    /// Runs `folio` with the given arguments and returns the exit status:
    /// 0 success, 1 failure while running, 64 a usage mistake.
    static func main(arguments: [String]) async -> Int32 {
        var words = arguments
        if words.first == "--version" {
            print(version)
            return 0
        }
        if words.first == "--help" || words.first == "-h" || words.first == "help" {
            print(help)
            return 0
        }
        let chosen: any Subcommand.Type
        if let first = words.first, let match = subcommands.first(where: { $0.name == first }) {
            chosen = match
            words.removeFirst()
        } else if let first = words.first, !first.hasPrefix("-") {
            printError("folio: unknown subcommand '\(first)'\n\n\(help)")
            return 64
        } else if let fallback = subcommands.first {
            chosen = fallback
        } else {
            print(help)
            return 0
        }
        return await run(chosen, words)
    }

    private static func run(_ command: any Subcommand.Type, _ words: [String]) async -> Int32 {
        var arguments = Arguments(words)
        if arguments.takeHelp() {
            print(command.help)
            return 0
        }
        do {
            let parsed = try command.init(arguments: &arguments)
            try arguments.finish()
            return try await parsed.run()
        } catch let error as CommandLineError {
            printError("folio \(command.name): \(error)\n\n\(command.help)")
            return 64
        } catch {
            printError("folio \(command.name): \(error)")
            return 1
        }
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
