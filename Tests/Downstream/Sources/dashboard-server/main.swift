// Sources/dashboard-server/main.swift
import Dashboard
import Folio
import FolioHTTP

// Folio's own page chrome and static files; FolioPaths finds them in Folio's checkout.
let options = FolioAppOptions(
    templatesDirectory: FolioPaths.builtInTemplatesDirectory,
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
