/// A bounded map from session id to record that forgets the least recently
/// used entries, approximately: a `ByteBoundedCache` (two generations, the
/// older one dropped whole when the younger fills) in which every record
/// costs one, so `capacity` counts records.
struct SessionCache {
    private var records: ByteBoundedCache<String, SessionRecord>
    /// Counts the writers' changes, so a record read from the database
    /// outside the lock is cached only when no write came in between.
    private(set) var writes: UInt64 = 0

    /// - Parameter capacity: At most this many records are kept (0: none).
    init(capacity: Int) { records = ByteBoundedCache(byteLimit: max(0, capacity)) }

    /// The cached record; reading it marks it as recently used.
    subscript(id: String) -> SessionRecord? {
        mutating get { records.value(for: id) }
        set {
            writes &+= 1
            if let newValue {
                records.insert(newValue, for: id, cost: 1)
            } else {
                records.removeValue(for: id)
            }
        }
    }

    /// Changes a cached record in place; does nothing when it is not cached.
    mutating func update(_ id: String, _ change: (inout SessionRecord) -> Void) {
        writes &+= 1
        if var record = records.value(for: id) {
            change(&record)
            records.insert(record, for: id, cost: 1)
        }
    }

    /// Drops every record that matches.
    mutating func removeAll(where shouldRemove: (SessionRecord) -> Bool) {
        writes &+= 1
        records.removeAll { _, record in shouldRemove(record) }
    }

    /// Caches a record read from the database while the lock was free,
    /// unless a writer changed the cache since `writesBefore`: its copy may
    /// be newer. A writer that comes later applies its change to this copy.
    mutating func insertRead(_ record: SessionRecord, writesBefore: UInt64) {
        guard writes == writesBefore else { return }
        records.insert(record, for: record.id, cost: 1)
    }
}

extension SessionCache {
    /// Shows a write that is now durable.
    mutating func apply(_ written: SessionWrites.Written) {
        switch written {
        case .inserted(let session): self[session.id] = session
        case .reissued(let old, let session):
            self[old] = nil
            self[session.id] = session
        case .touched(let uses):
            for (id, lastSeen) in uses { update(id) { $0.lastSeen = lastSeen } }
        case .saved(let record, let pager, let id, let lastSeen):
            update(id) {
                $0.pagers[pager] = record
                $0.lastSeen = max($0.lastSeen, lastSeen)
            }
        }
    }
}
