import FolioHTTP
import Foundation

/// The fixture's routes: a fixed 10 KB page, an echo of what the parser saw,
/// static files, streams, and a few helpers for the integration tests.
struct FixtureHandler: HTTPHandler {
    /// Exactly 10 240 bytes of HTML, built once and shared by every response.
    static let page: [UInt8] = {
        var html =
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Fixture</title></head>\n<body><ul>\n"
        var index = 0
        while html.utf8.count < 10_240 - 40 {
            html += "<li class=\"post\"><a href=\"/posts/\(index)\">Post number \(index)</a></li>\n"
            index += 1
        }
        html += "</ul></body></html>\n"
        let padding = 10_240 - html.utf8.count
        return Array((html + String(repeating: " ", count: max(0, padding))).utf8.prefix(10_240))
    }()

    let files: StaticFiles?
    let streams = StreamRoutes()

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/", "/page":
            guard request.method == .get || request.method == .head else {
                return .methodNotAllowed(allowed: [.get, .head])
            }
            return .html(.ok, Self.page)
        case "/echo":
            return echo(request)
        case "/parts":
            return HTTPResponse(
                headers: ["Content-Type": "text/plain"],
                body: .parts([Array("one ".utf8), [], Array("two ".utf8), Array("three\n".utf8)]))
        case "/stream":
            return streams.stream(request)
        case "/broadcast":
            guard request.method == .post else { return .methodNotAllowed(allowed: [.post]) }
            return streams.broadcast(request)
        case "/healthz":
            return .text(.ok, "ok")
        case "/slow":
            let milliseconds = Int(request.query["ms"] ?? "") ?? 500
            usleep(UInt32(milliseconds) * 1000)
            return .text(.ok, "slept \(milliseconds) ms")
        default:
            if let files, request.path.hasPrefix("/static/") {
                return files.response(for: request, path: String(request.path.dropFirst("/static/".count)))
            }
            return .text(.notFound, "not found")
        }
    }

    private func echo(_ request: HTTPRequest) -> HTTPResponse {
        func pairs(_ fields: FormFields) -> [[String]] { fields.map { [$0.name, $0.value] } }
        var object: [String: Any] = [
            "method": request.method.rawValue,
            "target": request.target,
            "path": request.path,
            "version": request.version.description,
            "query": pairs(request.query),
            "cookies": request.cookies,
            "headers": request.headers.map { [$0.name, $0.value] },
            "bodyLength": request.body.count,
            "body": String(decoding: request.body, as: UTF8.self),
            "keepAlive": request.keepAlive,
        ]
        do {
            object["form"] = pairs(try request.form())
        } catch {
            object["formError"] = error.description
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return .text(.internalServerError, "cannot encode")
        }
        return .json(.ok, Array(data))
    }
}
