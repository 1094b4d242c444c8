import Folio
import FolioHTTP

func serveBehindAProxy() throws -> HTTPServer {
    let configuration = try FolioConfiguration.load(file: "folio.json", templatesDirectory: "Templates")
    var options = FolioAppOptions(templatesDirectory: "Templates", publicDirectory: "Public")
    options.basePath = "/tools/pager"
    let sessions = SessionManager(store: try SQLiteSessionStore(path: "folio-state.sqlite"))
    let app = try FolioApp(configuration: configuration, options: options, sessions: sessions)
    return HTTPServer(configuration: HTTPServerConfiguration(), handler: app)
}
