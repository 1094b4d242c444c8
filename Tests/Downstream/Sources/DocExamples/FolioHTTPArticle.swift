import FolioHTTP

struct Hello: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        request.method == .get ? .text(.ok, "hello") : .methodNotAllowed(allowed: [.get, .head])
    }
}

func serveHello() throws {
    let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0), handler: Hello())
    let port = try server.start()
    print("listening on \(port)")
    server.stopOnSignals()
    server.waitUntilStopped()
}
