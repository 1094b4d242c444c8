import Folio
import FolioHTTP
import Foundation

/// `folio render PATH`: print the HTML a browser would get for `GET PATH`
/// in a fresh session, without starting a server.
struct RenderCommand: Subcommand {
    static let name = "render"
    static let abstract = "Print the HTML of GET PATH in a fresh session."
    static let help = """
        USAGE: folio render PATH [--config FILE] [--templates DIR] [--public DIR]
                                 [--base-path PATH]

        Answers GET PATH (e.g. /essence/video) as the server would for a new
        visitor, and prints the body. When the answer is not a success, prints
        its status line and the server's message to standard error, e.g.
          folio render: GET /essence/nope: 404 Not Found: The pager 'essence' has no page 'nope'.
        and exits 1.

        OPTIONS:
        \(DashboardOptions.help)
          --base-path PATH     as for serve; PATH must then start with it
        """

    var dashboard: DashboardOptions
    var path: String
    var basePath: String

    init(arguments: inout Arguments) throws(CommandLineError) {
        dashboard = try DashboardOptions(arguments: &arguments)
        basePath = try arguments.takeOption("base-path") ?? ""
        guard let path = arguments.takeOperand() else {
            throw CommandLineError("missing PATH, e.g. /essence/video")
        }
        self.path = path.hasPrefix("/") ? path : "/" + path
    }

    func run() async throws -> Int32 {
        let app: FolioApp
        var options = dashboard.appOptions(basePath: basePath)
        // One view, printed once: wait for URL and provider data up to their timeouts.
        options.pageData.viewWaitSeconds = .infinity
        do {
            app = try FolioApp.launch(
                configurationFile: dashboard.configurationFile, options: options, state: .memory)
        } catch let error as ConfigurationError {
            printError(error.description)
            return 1
        }
        let response = app.handle(HTTPRequest(method: .get, target: path, headers: ["Accept": "text/html"]))
        guard (200..<300).contains(response.status.code) else {
            // A browser gets an error page; the message alone is what a
            // plain-text client gets (a fresh session's GET changes nothing).
            let plain = app.handle(HTTPRequest(method: .get, target: path, headers: ["Accept": "text/plain"]))
            let isText = plain.headers["Content-Type"]?.hasPrefix("text/plain") == true
            let message = String(decoding: plain.body.collectedBytes() ?? [], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let detail = isText && !message.isEmpty ? ": \(message)" : ""
            printError("folio render: GET \(path): \(response.status)\(detail)")
            return 1
        }
        FileHandle.standardOutput.write(Data(response.body.collectedBytes() ?? []))
        return 0
    }
}
