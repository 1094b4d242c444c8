import Dispatch
import FolioSync

/// Whether the state store can be reached now, for `GET /healthz?ready`:
/// a read of a session that does not exist, bounded like every store call
/// (a PostgreSQL connect 2 s, an answer 6 s).
///
/// One check runs at a time: a load balancer's probes that arrive while
/// one runs get the last outcome at once, so a frozen database ties up one
/// worker thread, not one per probe. An outcome younger than a second is
/// given again without asking the store.
final class StoreReadiness: Sendable {
    private struct State {
        /// `nil` while the store was reached; else why not.
        var problem: String?
        var checkedAt: UInt64 = 0
        var checking = false
    }

    private static let reuseNanoseconds: UInt64 = 1_000_000_000
    private let store: any SessionStore
    private let state = LockedValue(State())

    init(store: any SessionStore) { self.store = store }

    /// `nil` when the store answered (now, or in the last second, or in the
    /// check under way's last outcome); else a plain reason.
    func problem() -> String? {
        let now = DispatchTime.now().uptimeNanoseconds
        let cached = state.withLock { state -> String?? in
            if state.checking || (state.checkedAt > 0 && now - state.checkedAt < Self.reuseNanoseconds) {
                return .some(state.problem)
            }
            state.checking = true
            return nil
        }
        if let cached { return cached }
        var problem: String?
        do {
            _ = try store.session(id: "folio-readiness-check")
        } catch {
            problem = "the state store cannot be reached"
        }
        state.withLock { state in
            state.problem = problem
            state.checkedAt = DispatchTime.now().uptimeNanoseconds
            state.checking = false
        }
        return problem
    }
}
