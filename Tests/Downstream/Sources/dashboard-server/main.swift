// Sources/dashboard-server/main.swift
import Dashboard
import Folio
import FolioHTTP

// The package's own templates, then Folio's chrome; Folio's static files, found in its checkout.
let options = FolioAppOptions(
    templatesDirectory: Dashboard.templatesDirectory,
    publicDirectory: FolioPaths.builtInPublicDirectory)
let app = try FolioApp(
    configuration: Dashboard.configuration, options: options,
    sessions: SessionManager(store: MemorySessionStore()))
var configuration = HTTPServerConfiguration()
configuration.port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080  // 0: any free port
let server = HTTPServer(configuration: configuration, handler: app)
let port = try server.start()
print("Dashboard on http://127.0.0.1:\(port)/colors")
server.stopOnSignals()
server.waitUntilStopped()
