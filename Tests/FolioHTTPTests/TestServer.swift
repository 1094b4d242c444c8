import Foundation

@testable import FolioHTTP

/// A handler for loopback tests: echoes what it saw, with a few special paths.
struct EchoHandler: HTTPHandler {
    /// Parts larger than a socket takes at once, each its own byte, an empty one between.
    static let bigParts: [[UInt8]] = [
        [UInt8](repeating: UInt8(ascii: "a"), count: 1_500_000), [],
        [UInt8](repeating: UInt8(ascii: "b"), count: 7),
        [UInt8](repeating: UInt8(ascii: "c"), count: 2_500_000),
    ]

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/big":
            return HTTPResponse(body: .bytes([UInt8](repeating: UInt8(ascii: "x"), count: 4 * 1024 * 1024)))
        case "/parts":
            return HTTPResponse(body: .parts([Array("a".utf8), [], Array("bc".utf8), Array("def".utf8)]))
        case "/big-parts":
            return HTTPResponse(body: .parts(Self.bigParts))
        case "/slow":
            usleep(300_000)
            return .text(.ok, "slow done")
        case "/only-get":
            return request.method == .get ? .text(.ok, "got") : .methodNotAllowed(allowed: [.get, .head])
        default:
            return .text(
                .ok,
                "\(request.method.rawValue) \(request.path) body=\(String(decoding: request.body, as: UTF8.self))"
            )
        }
    }
}

/// The loopback test configuration (port 0, two loops, no access log), adjusted by `change`.
func configured(_ change: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration(port: 0, eventLoopCount: 2, accessLog: false)
    change(&configuration)
    return configuration
}

/// Starts a server on an ephemeral loopback port and stops it after `body`.
func withServer(
    _ configuration: HTTPServerConfiguration = configured(), _ body: (_ port: Int) throws -> Void
) throws {
    let server = HTTPServer(configuration: configuration, handler: EchoHandler())
    let port = try server.start()
    defer { server.shutdown(gracePeriod: .seconds(1)) }
    try body(port)
}

/// One `GET` on a fresh connection; the status, or nil if nothing came back.
func freshGetStatus(port: Int, path: String = "/") throws -> Int? {
    let client = try LoopbackClient(port: port)
    client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
    return client.readResponse()?.status
}
