import Dispatch
import FolioSync
import Foundation

/// The thread a live bus listens on, which a stop ends and waits for, so
/// that the process never exits while it is inside libpq (whose OpenSSL
/// state `exit` tears down).
final class LiveListenerThread: Sendable {
    private struct State {
        var started = false
        var stopping = false
    }

    private let state = LockedValue(State())
    /// Signalled once by a stop, to cut a pause short.
    private let stopRequested = DispatchSemaphore(value: 0)
    /// Signalled when the thread's body has returned.
    private let finished = DispatchSemaphore(value: 0)

    /// Runs `body` on a new thread, once; `body` returns soon after `isStopping`.
    func start(_ body: @escaping @Sendable (LiveListenerThread) -> Void) {
        let starts = state.withLock { state -> Bool in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            return true
        }
        guard starts else { return }
        let thread = Thread { [self] in
            body(self)
            finished.signal()
        }
        thread.name = "Folio live listener"
        thread.start()
    }

    var isStopping: Bool { state.withLock { $0.stopping } }

    /// Waits `seconds`, or less when a stop comes.
    func pause(seconds: Double) {
        if stopRequested.wait(timeout: .now() + seconds) == .success { stopRequested.signal() }
    }

    /// Asks the thread to stop and waits until it has (each of its waits on
    /// the database is bounded, so this is too).
    func stopAndWait() {
        let wasRunning = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.stopping = true
            return state.started
        }
        stopRequested.signal()
        if wasRunning { finished.wait() }
    }
}
