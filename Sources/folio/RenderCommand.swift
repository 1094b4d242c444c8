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
        visitor, and prints the body. Exits 1 (printing the message to standard
        error) when the answer is not a success.

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
        let request = HTTPRequest(method: .get, target: path, headers: ["Accept": "text/html"])
        let response = app.handle(request)
        var bytes: [UInt8] = []
        switch response.body {
        case .bytes(let body): bytes = body
        case .parts(let parts): for part in parts { bytes += part }
        }
        guard (200..<300).contains(response.status.code) else {
            let message =
                response.headers["Content-Type"]?.hasPrefix("text/plain") == true
                ? String(decoding: bytes, as: UTF8.self) : "\(response.status)\n"
            let trimmed = message.trimmingCharacters(in: .newlines)
            printError("folio render: GET \(path): \(response.status.code): \(trimmed)")
            return 1
        }
        FileHandle.standardOutput.write(Data(bytes))
        return 0
    }
}
