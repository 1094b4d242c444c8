import Dispatch
import Foundation

@testable import FolioHTTP

/// Where a test holds `/slow` requests: the handler says it entered, then
/// waits until the test releases it.
final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let left = DispatchSemaphore(value: 0)

    /// Waits up to five seconds for the handler to hold a request.
    func waitUntilEntered() -> Bool { entered.wait(timeout: .now() + 5) == .success }
}

/// `/slow...` may block and waits at the gate; everything else is answered
/// on the loop at once.
struct GatedHandler: HTTPHandler {
    let gate: Gate

    func disposition(for request: HTTPRequest) -> HTTPDisposition {
        guard request.path.hasPrefix("/slow") else { return .answer(handle(request)) }
        return .blocking { handle(request) }
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/slow") else { return .text(.ok, "fast \(request.path)") }
        gate.entered.signal()
        gate.release.wait()
        defer { gate.left.signal() }
        return .text(.ok, "slow \(request.path)")
    }
}

/// Starts a one-loop server with `GatedHandler` and stops it after `body`
/// (releasing anything still held, so the stop never waits on the gate).
func withGatedServer(
    _ change: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (_ port: Int, _ gate: Gate) throws -> Void
) throws {
    let gate = Gate()
    let configuration = configured {
        $0.eventLoopCount = 1
        change(&$0)
    }
    let server = HTTPServer(configuration: configuration, handler: GatedHandler(gate: gate))
    let port = try server.start()
    defer {
        for _ in 0..<4 { gate.release.signal() }
        server.shutdown(gracePeriod: .seconds(2))
    }
    try body(port, gate)
}
