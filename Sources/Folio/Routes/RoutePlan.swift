import Dispatch
import FolioHTTP

/// What a request's answer may wait for, as its handler finds from the
/// resolved request (`RequestContext`): the one input of `RoutePlan.placed()`.
enum RouteWait: Sendable {
    /// Nothing: the session (if any) and the page's data are at hand.
    case nothing
    /// A page's data must (re)load first (a file, URL or provider).
    case pageData
    /// The store must be read or written, and the thread waits for it.
    case store
}

/// What a route handler does with a resolved request: the same code
/// wherever it runs. Where it runs is decided in one place, `placed`.
enum RoutePlan: Sendable {
    /// Acts once what `waitsFor` names may be waited for.
    case act(waitsFor: RouteWait, @Sendable () -> HTTPResponse)
    /// Starts store I/O that answers from its completion, no thread waiting
    /// meanwhile (a group commit, a batch of reads); a completion that finds
    /// more to wait for hands its plan on (`handOn`).
    case start(@Sendable (HTTPResponder) -> Void)
    /// An answer already made: nothing left to wait for. A handler that
    /// finds it waits for nothing may act at once and hand this on: no
    /// closure is then made to carry what acting needs (an allocation and
    /// a retain of each thing it holds, for every view at hand).
    case answered(HTTPResponse)

    /// The one place a request is placed: on the event loop when it waits
    /// for nothing, on a worker thread when it waits for the store or a
    /// page's data, from a store completion when it started one.
    /// Consuming: an answer already made is handed on, not copied (a copy
    /// left its headers shared, and the security headers added next copied them).
    consuming func placed() -> HTTPDisposition {
        switch consume self {
        case .answered(let response): .answer(response)
        case .act(.nothing, let act): .answer(act())
        case .act(.pageData, let act), .act(.store, let act): .blocking(act)
        case .start(let start): .deferred(start)
        }
    }

    /// Places a plan made after the request was placed (a click declined
    /// without waiting, or decided in a read's completion) by the same rule,
    /// answering through `responder`. From a store's own thread (its reader
    /// or committer, `fromStoreThread`), blocking work, now or later in the
    /// plan, leaves that thread first: it may read and commit through it.
    func handOn(to responder: HTTPResponder, fromStoreThread: Bool = false) {
        let responder = fromStoreThread ? responder.offloadingFromAnotherThread() : responder
        switch placed() {
        case .answer(let response): responder.respond(response)
        case .blocking(let work): responder.respond(running: work)
        case .deferred(let start): start(responder)
        }
    }
}

extension HTTPResponder {
    /// This responder, its blocking work handed on from a thread of its own.
    fileprivate func offloadingFromAnotherThread() -> HTTPResponder {
        HTTPResponder(
            { self.respond($0) },
            offload: { work in DispatchQueue.global().async { self.respond(running: work) } })
    }
}
