import Dispatch

/// A store shared by instances keeps, for clicks only, its own last copy of
/// the sessions it recently read or durably wrote (`PostgreSQLSessionStore`):
/// a click decided on one is saved only if the stored record is still that
/// copy. A session whose clicks reach other instances too makes such copies
/// stale more often than not, and each stale one costs a refused save; so a
/// session whose copy was refused is read from the database again for the
/// next `sharedFor` seconds (on a round-robin balancer, every click), and
/// its copy trusted only after that.
struct OwnCopies {
    private var records: SessionCache
    /// Sessions recently saved by another instance, with the uptime (s) until
    /// which their copies are not used.
    private var sharedUntil: ByteBoundedCache<String, Double>
    /// How long a session stays read from the database after a refused save.
    static let sharedFor = 30.0

    /// - Parameter capacity: At most this many copies, and as many marks, are kept.
    init(capacity: Int) {
        records = SessionCache(capacity: capacity)
        sharedUntil = ByteBoundedCache(byteLimit: max(0, capacity))
    }

    /// The copy a click may be decided on: `nil` when none is kept, or the
    /// session is being saved by other instances too.
    mutating func copy(of id: String) -> SessionRecord? {
        if let until = sharedUntil.value(for: id), until > Self.uptime { return nil }
        return records[id]
    }

    /// Keeps what a read found (`nil`: the session is not stored).
    mutating func keep(_ found: SessionRecord?, for id: String) { records[id] = found }

    /// Shows a write of this instance that is now durable.
    mutating func apply(_ written: SessionWrites.Written) { records.apply(written) }

    /// Drops the copy of a session whose save was refused (another instance
    /// changed or removed it), and reads it anew for a while.
    mutating func refused(_ id: String) {
        records[id] = nil
        sharedUntil.insert(Self.uptime + Self.sharedFor, for: id, cost: 1)
    }

    /// Drops the copies of sessions last seen before `cutoff` (the sweep removes them).
    mutating func removeAll(lastSeenBefore cutoff: Double) { records.removeAll { $0.lastSeen < cutoff } }

    private static var uptime: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
