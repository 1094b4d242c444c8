import FolioTemplate
import Foundation

/// `folio template FILE [--data DATA.json]`: renders one template and prints it.
///
/// Macros (`macros/NAME/macros/M`) come from `NAME.html` beside FILE.
struct TemplateCommand: Subcommand {
    static let name = "template"
    static let abstract = "Render one template with JSON data and print the HTML."
    static let help = """
        USAGE: folio template FILE [--data DATA.json]

        Renders the TAL/METAL template FILE with the top-level keys of DATA.json
        as variables (none when --data is not given) and prints the HTML.
        metal:use-macro="macros/NAME/macros/M" uses macro M of NAME.html in
        FILE's folder.

        On a template or data error it prints 'file:line:column: message' and
        exits with status 1.

        OPTIONS:
          --data DATA.json   the data; must hold a JSON object
          -h, --help         show this help
        """

    var file: String
    var dataFile: String?

    init(arguments: inout Arguments) throws(CommandLineError) {
        dataFile = try arguments.takeOption("data")
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
            directory: url.deletingLastPathComponent().path, reloadWhenChanged: false, preload: false)
        var output: [UInt8] = []
        try set.template(named: url.lastPathComponent).render(globals, into: &output)
        return output
    }

    private func loadGlobals() throws(TemplateError) -> [String: TemplateValue] {
        guard let dataFile else { return [:] }
        guard let data = FileManager.default.contents(atPath: dataFile) else {
            throw TemplateError(file: dataFile, line: 1, column: 1, message: "cannot read the data file")
        }
        let value = try TemplateValue(json: data, file: dataFile)
        guard case .object(let object) = value else {
            throw TemplateError(
                file: dataFile, line: 1, column: 1,
                message: "the data must be a JSON object, not a \(value.kind)")
        }
        var globals: [String: TemplateValue] = [:]
        for (key, value) in zip(object.keys, object.values) { globals[key] = value }
        return globals
    }
}
