import Dispatch
import FolioSync
import Synchronization

/// Where the answer of a `.deferred` request goes: whoever finishes the
/// work calls `respond(_:)` once, from any thread, and the connection's
/// event loop sends it; or, when it turns out the answer needs blocking
/// work after all, `respond(running:)` once. A responder dropped without an
/// answer answers `500`, so a request is never left hanging.
public final class HTTPResponder: Sendable {
    /// Blocking work whose result is the answer.
    public typealias Work = @Sendable () -> HTTPResponse

    // Answers are passed `consuming` all the way: a transform that adds a
    // header (`map`) then changes the one copy in place instead of copying
    // every field of an answer its caller still held.
    private let deliver: @Sendable (consuming HTTPResponse) -> Void
    private let offload: @Sendable (@escaping Work) -> Void
    private let answered = Atomic<Bool>(false)

    /// A responder that hands the answer to `deliver`, at most once.
    /// - Parameter offload: Runs blocking work and delivers its result.
    ///   Default: runs it on the calling thread.
    public init(
        _ deliver: @escaping @Sendable (consuming HTTPResponse) -> Void,
        offload: (@Sendable (@escaping Work) -> Void)? = nil
    ) {
        self.deliver = deliver
        self.offload = offload ?? { work in deliver(work()) }
    }

    deinit {
        if !answered.load(ordering: .acquiring) {
            deliver(.text(.internalServerError, "The server lost this request's answer; try again."))
        }
    }

    /// Sends `response`; later calls do nothing.
    public func respond(_ response: consuming HTTPResponse) {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        deliver(response)
    }

    /// Answers with what `work` returns, run where blocking is fine (the
    /// server's worker threads); does nothing after an answer.
    public func respond(running work: @escaping Work) {
        guard !answered.exchange(true, ordering: .acquiringAndReleasing) else { return }
        offload(work)
    }

    /// A responder that changes the answer with `transform`, then sends it here.
    public func map(_ transform: @escaping @Sendable (consuming HTTPResponse) -> HTTPResponse)
        -> HTTPResponder
    {
        HTTPResponder(
            { response in self.respond(transform(response)) },
            offload: { work in self.respond(running: { transform(work()) }) })
    }

    /// Runs `start` and waits for its answer, on the calling thread.
    static func wait(for start: (HTTPResponder) -> Void) -> HTTPResponse {
        let answer = AnswerBox()
        start(HTTPResponder { response in answer.set(response) })
        return answer.wait()
    }
}

/// One answer handed from another thread.
private final class AnswerBox: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    // LockedValue, as everywhere in Folio: ThreadSanitizer understands its pthread mutex.
    private let value = LockedValue<HTTPResponse?>(nil)

    func set(_ response: HTTPResponse) {
        value.withLock { $0 = response }
        ready.signal()
    }

    func wait() -> HTTPResponse {
        ready.wait()
        return value.withLock { $0 } ?? .text(.internalServerError, "no answer")
    }
}
