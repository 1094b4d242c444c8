import Folio
import FolioTemplate
import Foundation

/// `folio template FILE [--data JSON]`: renders one template and prints it.
///
/// Macros (`macros/NAME/macros/M`) come from `NAME.html` beside FILE.
struct TemplateCommand: Subcommand {
    static let name = "template"
    static let abstract = "Render one template with JSON data and print the HTML."
    static let help = """
        USAGE: folio template FILE [--data JSON|FILE|-]

        Renders the TAL/METAL template FILE with the top-level keys of the data
        as variables (none when --data is not given) and prints the HTML.
        metal:use-macro="macros/NAME/macros/M" uses macro M of NAME.html in
        FILE's folder.

        On a template or data error it prints 'file:line:column: message' and
        exits with status 1.

        OPTIONS:
          --data JSON|FILE|-   the data, a JSON object: inline when it starts with
                               '{' (or '['), '-' for standard input, else the
                               path of a JSON file
                               (folio template t.html --data '{"user": "ana"}')
          -h, --help         show this help
        """

    /// Where `--data` comes from.
    enum DataSource: Equatable {
        /// JSON given on the command line.
        case inline(String)
        /// `-`: standard input.
        case standardInput
        /// A JSON file.
        case file(String)

        init(argument: String) {
            let start = argument.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.first
            if start == "{" || start == "[" {
                self = .inline(argument)
            } else if argument == "-" {
                self = .standardInput
            } else {
                self = .file(argument)
            }
        }

        /// The name errors give the data by.
        var name: String {
            switch self {
            case .inline: "--data"
            case .standardInput: "<stdin>"
            case .file(let path): path
            }
        }
    }

    var file: String
    var data: DataSource?

    init(arguments: inout Arguments) throws(CommandLineError) {
        data = try arguments.takeOption("data").map(DataSource.init(argument:))
        guard let file = arguments.takeOperand() else {
            throw CommandLineError("missing the template FILE")
        }
        self.file = file
    }

    func run() async throws -> Int32 {
        do {
            let output = try render()
            FileHandle.standardOutput.write(Data(output))
            return 0
        } catch {
            printError("\(error)")
            return 1
        }
    }

    private func render() throws(TemplateError) -> [UInt8] {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw TemplateError(
                file: file, line: 1, column: 1, message: "no such template file (or not readable)")
        }
        let globals = try loadGlobals()
        let url = URL(fileURLWithPath: file)
        let set = try TemplateSet(
            directory: url.deletingLastPathComponent().path, reloadWhenChanged: false, preload: false,
            formatting: FolioFormatting.builtIn)
        var output: [UInt8] = []
        try set.template(named: url.lastPathComponent).render(globals, into: &output)
        return output
    }

    private func loadGlobals() throws(TemplateError) -> [String: TemplateValue] {
        guard let source = data else { return [:] }
        let bytes: Data
        switch source {
        case .inline(let text):
            bytes = Data(text.utf8)
        case .standardInput:
            bytes = FileHandle.standardInput.readDataToEndOfFile()
        case .file(let path):
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw TemplateError(file: path, line: 1, column: 1, message: "cannot read the data file")
            }
            bytes = contents
        }
        let value = try TemplateValue(json: bytes, file: source.name)
        guard case .object(let object) = value else {
            throw TemplateError(
                file: source.name, line: 1, column: 1,
                message: "the data must be a JSON object, not a \(value.kind)")
        }
        var globals: [String: TemplateValue] = [:]
        for (key, value) in zip(object.keys, object.values) { globals[key] = value }
        return globals
    }
}
