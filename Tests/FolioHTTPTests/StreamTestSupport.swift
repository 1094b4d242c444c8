import Dispatch
import FolioSync
import Foundation
import Testing

@testable import FolioHTTP

/// The streams a test server started, and how each ended.
final class StreamHub: Sendable {
    private let streams = LockedValue<[HTTPStream]>([])
    private let ends = LockedValue<[HTTPStreamEnd]>([])
    private let started = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    /// How many streams started.
    var startedCount: Int { streams.withLock { $0.count } }

    func add(_ stream: HTTPStream) {
        streams.withLock { $0.append(stream) }
        stream.onEnd { [self] end in
            ends.withLock { $0.append(end) }
            ended.signal()
        }
        started.signal()
    }

    /// The next stream started, waiting up to 5 s for it.
    func nextStream() -> HTTPStream? {
        guard started.wait(timeout: .now() + 5) == .success else { return nil }
        return streams.withLock { $0.last }
    }

    /// How the next stream to end ended, waiting up to `seconds`.
    func nextEnd(seconds: Double = 5) -> HTTPStreamEnd? {
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        return ends.withLock { ends in ends.isEmpty ? nil : ends.removeFirst() }
    }
}

/// Streams on `/stream` (`?heartbeat=MS` for a heartbeat of `: hb\n\n`), answers the rest at once.
struct StreamingHandler: HTTPHandler {
    let hub: StreamHub

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/stream" else { return .text(.ok, "fast \(request.path)") }
        let heartbeat = Int(request.query["heartbeat"] ?? "").map {
            HTTPStreamHeartbeat(interval: .milliseconds($0), bytes: Array(": hb\n\n".utf8))
        }
        return .stream(headers: ["Content-Type": "text/event-stream"], heartbeat: heartbeat) { [hub] stream in
            hub.add(stream)
        }
    }
}

/// Runs `body` against a streaming server (one loop unless `change` says otherwise), stopped after it.
/// A client whose `GET target` was answered with a stream's head.
func streamingClient(port: Int, target: String = "/stream") throws -> LoopbackClient {
    let client = try LoopbackClient(port: port)
    client.send(getRequest(target))
    _ = try #require(client.readResponse(headRequest: true))
    return client
}

/// A change of one setting, for ``withStreamServer(_:_:)``.
func changing<Value>(_ setting: WritableKeyPath<HTTPServerConfiguration, Value>, to value: Value)
    -> (inout HTTPServerConfiguration) -> Void
{
    { $0[keyPath: setting] = value }
}

func withStreamServer(
    _ change: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (_ port: Int, _ hub: StreamHub, _ server: HTTPServer) throws -> Void
) throws {
    let hub = StreamHub()
    let server = HTTPServer(
        configuration: configured {
            $0.eventLoopCount = 1
            change(&$0)
        }, handler: StreamingHandler(hub: hub))
    let port = try server.start()
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    try body(port, hub, server)
}

/// A request for `path` on HTTP/1.1.
func getRequest(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n"
}
