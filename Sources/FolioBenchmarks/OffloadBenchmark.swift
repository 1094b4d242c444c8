import Folio
import FolioHTTP
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What sending blocking requests to worker threads costs the others: the
/// hot GET (a view of the page already shown, durable store) is decided and
/// answered on the loop in one `FolioApp.disposition(for:)`; and the round
/// trip of one keep-alive connection through the loop versus through a worker.
enum OffloadBenchmark {
    static func run() throws {
        try decisionCost()
        try roundTrip()
    }

    private static func decisionCost() throws {
        let folder = NSTemporaryDirectory() + "folio-bench-offload-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try FolioApp.launch(
            configurationFile: "Templates/demo/folio.json",
            options: FolioAppOptions(templatesDirectory: "Templates", publicDirectory: "Public"),
            state: .file(folder + "/state.sqlite"))
        let cookie = try clickedSession(app)
        let request = HTTPRequest(method: .get, target: "/essence/video", headers: ["Cookie": cookie])
        guard case .answer = app.disposition(for: request) else {
            throw OffloadBenchmarkError("the hot GET was sent to the workers")
        }
        let handle = measure("disposition + answer GET /essence/video, on the loop") {
            _ = app.disposition(for: request)
        }
        report(handle, unit: "requests")
    }

    /// The `folio_session=...` pair of a session made by a first click on `/essence/video`.
    private static func clickedSession(_ app: FolioApp) throws -> String {
        let view = app.handle(HTTPRequest(method: .get, target: "/essence/video"))
        let html = String(decoding: view.body.collectedBytes() ?? [], as: UTF8.self)
        guard let nonce = view.headers["Set-Cookie"]?.split(separator: ";").first,
            let start = html.range(of: "name=\"csrf\" value=\""),
            let end = html[start.upperBound...].firstIndex(of: "\"")
        else { throw OffloadBenchmarkError("no form token on /essence/video") }
        let token = String(html[start.upperBound..<end])
        let click = app.handle(
            HTTPRequest(
                method: .post, target: "/essence/select",
                headers: [
                    "Cookie": String(nonce), "Content-Type": "application/x-www-form-urlencoded",
                ], body: Array("page=video&from=video&csrf=\(token)".utf8)))
        guard let session = click.headers["Set-Cookie"]?.split(separator: ";").first else {
            throw OffloadBenchmarkError("the first click made no session (\(click.status.code))")
        }
        return String(session)
    }

    /// Answers on the loop, except `/worker`, which goes to a worker thread.
    private struct Handler: HTTPHandler {
        func disposition(for request: HTTPRequest) -> HTTPDisposition {
            request.path == "/worker" ? .blocking { handle(request) } : .answer(handle(request))
        }
        func handle(_ request: HTTPRequest) -> HTTPResponse { .text(.ok, "ok") }
    }

    private static func roundTrip() throws {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, eventLoopCount: 1, accessLog: false),
            handler: Handler())
        let port = try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let loop = try sequential(
            port: port, path: "/loop", name: "1 connection, answered on the loop (baseline)")
        report(loop, unit: "requests")
        let worker = try sequential(port: port, path: "/worker", name: "1 connection, answered on a worker")
        report(worker, against: loop, unit: "requests")
    }

    /// One keep-alive connection sending a request and reading its answer, over and over.
    private static func sequential(port: Int, path: String, name: String) throws -> Measurement {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw OffloadBenchmarkError("cannot connect to the benchmark server") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: b\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 4096)
        return measure(name) {
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The answer is small and arrives whole: one read per request.
            _ = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        }
    }
}

/// Why the offload benchmark could not run.
struct OffloadBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
