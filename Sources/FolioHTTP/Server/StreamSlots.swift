import FolioSync

/// The streams one server holds open, counted per client address and in
/// all, shared by every event loop (`HTTPServerConfiguration.maxStreamsPerAddress`).
///
/// A stream holds its connection for as long as it runs, so without a cap
/// one client could hold every connection with streams and leave none for
/// pages and `/healthz`. Streams of one address stop at `perAddress`, and
/// streams together at `total`, kept below the connection cap.
final class StreamSlots: Sendable {
    /// Why a stream was not given a slot.
    enum Refusal: Equatable {
        /// Its address holds `perAddress` streams already.
        case addressFull
        /// Streams hold `total` connections already.
        case serverFull
    }

    let perAddress: Int
    let total: Int
    private struct Counts {
        var all = 0
        var byAddress: [String: Int] = [:]
    }
    private let counts = LockedValue(Counts())

    init(perAddress: Int, total: Int) {
        self.perAddress = max(1, perAddress)
        self.total = max(1, total)
    }

    /// The most connections streams may hold out of `maxConnections`: a tenth
    /// (at least one) is kept for everything else.
    static func total(ofConnections maxConnections: Int) -> Int {
        maxConnections - max(1, maxConnections / 10)
    }

    /// Takes a slot for a stream from `address`, unless a cap is reached.
    ///
    /// - Returns: nil when the slot was taken (give it back with `release`), else why not.
    func take(for address: String) -> Refusal? {
        counts.withLock { counts in
            let held = counts.byAddress[address, default: 0]
            guard held < perAddress else { return .addressFull }
            guard counts.all < total else { return .serverFull }
            counts.byAddress[address] = held + 1
            counts.all += 1
            return nil
        }
    }

    /// Gives back the slot of a stream from `address` that ended.
    func release(for address: String) {
        counts.withLock { counts in
            counts.all -= 1
            let held = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = held > 0 ? held : nil
        }
    }
}
