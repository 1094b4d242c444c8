import FolioHTTP
import FolioSync
import Foundation

/// The fixture's streams, for the integration tests and scripts/bench-streams:
/// `GET /stream` holds a Server-Sent Events stream open (`?heartbeat=MS` adds a
/// heartbeat comment; `?events=N` sends N numbered events from another thread,
/// then finishes), and `POST /broadcast` sends its body as one chunk to every
/// open stream and answers how many it reached.
final class StreamRoutes: Sendable {
    private let open = LockedValue<[ObjectIdentifier: HTTPStream]>([:])

    func stream(_ request: HTTPRequest) -> HTTPResponse {
        let heartbeat = (Int(request.query["heartbeat"] ?? "")).map {
            HTTPStreamHeartbeat(interval: .milliseconds($0), bytes: Array(": heartbeat\n\n".utf8))
        }
        let events = Int(request.query["events"] ?? "")
        return .stream(
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"], heartbeat: heartbeat
        ) { [self] stream in
            if let events {
                Thread.detachNewThread {
                    for number in 0..<events { stream.send(Array("data: event \(number)\n\n".utf8)) }
                    stream.finish()
                }
                return
            }
            let key = ObjectIdentifier(stream)
            open.withLock { $0[key] = stream }
            stream.onEnd { [self] _ in _ = open.withLock { $0.removeValue(forKey: key) } }
        }
    }

    /// Sends `request.body` to every open stream, one shared buffer for all.
    func broadcast(_ request: HTTPRequest) -> HTTPResponse {
        let streams = open.withLock { Array($0.values) }
        var reached = 0
        for stream in streams where stream.send(request.body) { reached += 1 }
        return .text(.ok, "\(reached)")
    }
}
