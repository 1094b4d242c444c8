import FolioHTTP
import FolioSync
import Foundation

/// The fixture's streams, for the integration tests and scripts/bench-streams:
/// `GET /stream` holds a Server-Sent Events stream open (`?heartbeat=MS` adds a
/// heartbeat comment; `?events=N` sends N numbered events from another thread,
/// then finishes; `?group=NAME` puts it in a group), and `POST /broadcast`
/// sends its body as one chunk to every open stream (`?group=NAME`: of that
/// group) and answers how many it reached.
final class StreamRoutes: Sendable {
    private struct Member {
        let stream: HTTPStream
        let group: String
    }

    private let open = LockedValue<[ObjectIdentifier: Member]>([:])

    func stream(_ request: HTTPRequest) -> HTTPResponse {
        let heartbeat = (Int(request.query["heartbeat"] ?? "")).map {
            HTTPStreamHeartbeat(interval: .milliseconds($0), bytes: Array(": heartbeat\n\n".utf8))
        }
        let events = Int(request.query["events"] ?? "")
        let group = request.query["group"] ?? ""
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
            open.withLock { $0[key] = Member(stream: stream, group: group) }
            stream.onEnd { [self] _ in _ = open.withLock { $0.removeValue(forKey: key) } }
        }
    }

    /// Sends `request.body` to every open stream (of the group asked), one shared buffer for all.
    func broadcast(_ request: HTTPRequest) -> HTTPResponse {
        let group = request.query["group"]
        let streams = open.withLock { open in
            open.values.compactMap { group == nil || $0.group == group ? $0.stream : nil }
        }
        var reached = 0
        for stream in streams where stream.send(request.body) { reached += 1 }
        return .text(.ok, "\(reached)")
    }
}
