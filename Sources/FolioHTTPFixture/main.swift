import FolioHTTP
import Foundation

// Starts the fixture server, prints its URL on stdout, serves until SIGTERM/SIGINT, exits 0.
do {
    let options = try FixtureOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let files = try options.staticRoot.map { try StaticFiles(root: $0) }
    let server = HTTPServer(configuration: options.configuration, handler: FixtureHandler(files: files))
    let port = try server.start()
    server.stopOnSignals()
    let host =
        options.configuration.host.contains(":")
        ? "[\(options.configuration.host)]" : options.configuration.host
    // Written with one write(2) so the URL reaches a pipe at once, unbuffered.
    FileHandle.standardOutput.write(Data("http://\(host):\(port)\n".utf8))
    server.waitUntilStopped()
    exit(0)
} catch let error as FixtureError {
    FileHandle.standardError.write(Data("FolioHTTPFixture: \(error.message)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("FolioHTTPFixture: \(error)\n".utf8))
    exit(1)
}
