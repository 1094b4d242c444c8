import FolioHTTP
import Synchronization

/// The streams open now, each told every event.
final class Subscribers: Sendable {
    private let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])

    func add(_ stream: HTTPStream) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.onEnd { [self] _ in _ = streams.withLock { $0.removeValue(forKey: key) } }
    }

    /// From any thread: one shared buffer for every stream.
    func publish(_ event: String) {
        let bytes = Array("data: \(event)\n\n".utf8)
        for stream in streams.withLock({ Array($0.values) }) { stream.send(bytes) }
    }
}

struct Events: HTTPHandler {
    let subscribers: Subscribers

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        .stream(
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"],
            heartbeat: HTTPStreamHeartbeat(interval: .seconds(15), bytes: Array(": ping\n\n".utf8))
        ) { stream in subscribers.add(stream) }
    }
}
