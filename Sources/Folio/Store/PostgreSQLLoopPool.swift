import Dispatch
import FolioSync

/// The connections the I/O thread (`PostgreSQLIOThread`) runs the store's
/// batches on: at most `size`, each used by one batch at a time, handed out
/// through completions so no caller waits for one. A connection is opened
/// when first needed, on a worker (libpq connects blocking, bounded by
/// `connect_timeout`); one found lost is dropped, and the next batch opens
/// a new one, so the store recovers by itself once the database is back.
final class PostgreSQLLoopPool: Sendable {
    typealias Handout = @Sendable (Result<PostgreSQLConnection, StoreError>) -> Void

    let size: Int
    private let open: @Sendable () throws(StoreError) -> PostgreSQLConnection
    private let state = LockedValue(State())

    private struct State {
        var idle: [PostgreSQLConnection] = []
        /// Open or being opened, idle or not.
        var count = 0
        var waiting: [Handout] = []
    }

    init(size: Int, open: @escaping @Sendable () throws(StoreError) -> PostgreSQLConnection) {
        self.size = max(1, size)
        self.open = open
    }

    /// Hands a connection to `handout`, at once when one is idle, else once
    /// one is opened or given back. `reused` says whether it was idle before
    /// (so may have been closed by the server while it waited).
    /// - Parameter fresh: A new connection, unless the pool is full: for
    ///   trying again what an idle one the server had closed failed.
    func take(
        fresh: Bool = false,
        then handout: @escaping @Sendable (Result<PostgreSQLConnection, StoreError>, _ reused: Bool) -> Void
    ) {
        enum Next {
            case idle(PostgreSQLConnection)
            case open
            case wait
        }
        let next = state.withLock { state -> Next in
            if !(fresh && state.count < size), let connection = state.idle.popLast() {
                return .idle(connection)
            }
            guard state.count < size else {
                state.waiting.append { handout($0, false) }
                return .wait
            }
            state.count += 1
            return .open
        }
        switch next {
        case .idle(let connection): handout(.success(connection), true)
        case .open: openOne { handout($0, false) }
        case .wait: break
        }
    }

    /// Takes back a connection `take` handed out: kept unless it was lost.
    func giveBack(_ connection: PostgreSQLConnection) {
        let usable = !connection.isBroken
        let next = state.withLock { state -> (Handout, PostgreSQLConnection?)? in
            if !usable { state.count -= 1 }
            guard !state.waiting.isEmpty else {
                if usable { state.idle.append(connection) }
                return nil
            }
            if !usable { state.count += 1 }
            return (state.waiting.removeFirst(), usable ? connection : nil)
        }
        guard let (handout, kept) = next else { return }
        if let kept { handout(.success(kept)) } else { openOne(then: handout) }
    }

    private func openOne(then handout: @escaping Handout) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do throws(StoreError) {
                handout(.success(try open()))
            } catch {
                state.withLock { $0.count -= 1 }
                handout(.failure(error))
            }
        }
    }
}
