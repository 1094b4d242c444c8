/// A bounded map from session id to record that forgets the least recently
/// used entries, approximately: a `ByteBoundedCache` (two generations, the
/// older one dropped whole when the younger fills) in which every record
/// costs one, so `capacity` counts records.
struct SessionCache {
    private var records: ByteBoundedCache<String, SessionRecord>

    /// - Parameter capacity: At most this many records are kept (0: none).
    init(capacity: Int) { records = ByteBoundedCache(byteLimit: max(0, capacity)) }

    /// The cached record; reading it marks it as recently used.
    subscript(id: String) -> SessionRecord? {
        mutating get { records.value(for: id) }
        set {
            if let newValue {
                records.insert(newValue, for: id, cost: 1)
            } else {
                records.removeValue(for: id)
            }
        }
    }

    /// Changes a cached record in place; does nothing when it is not cached.
    mutating func update(_ id: String, _ change: (inout SessionRecord) -> Void) {
        if var record = records.value(for: id) {
            change(&record)
            records.insert(record, for: id, cost: 1)
        }
    }

    /// Drops every record that matches.
    mutating func removeAll(where shouldRemove: (SessionRecord) -> Bool) {
        records.removeAll { _, record in shouldRemove(record) }
    }
}
