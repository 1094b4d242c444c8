/// A bounded map from session id to record that forgets the least recently
/// used entries, approximately: two generations, the older one dropped
/// whole when the younger fills. O(1) per operation, no linked list.
struct SessionCache {
    private var young: [String: SessionRecord] = [:]
    private var old: [String: SessionRecord] = [:]
    private let generationSize: Int

    /// - Parameter capacity: At most this many records are kept (0: none).
    init(capacity: Int) { generationSize = max(0, capacity / 2) }

    /// The cached record; reading it marks it as recently used.
    subscript(id: String) -> SessionRecord? {
        mutating get {
            if let record = young[id] { return record }
            guard let record = old.removeValue(forKey: id) else { return nil }
            store(record)
            return record
        }
        set {
            guard let newValue else {
                young[id] = nil
                old[id] = nil
                return
            }
            old[id] = nil
            store(newValue)
        }
    }

    /// Changes a cached record in place; does nothing when it is not cached.
    mutating func update(_ id: String, _ change: (inout SessionRecord) -> Void) {
        if var record = young[id] ?? old[id] {
            change(&record)
            self[id] = record
        }
    }

    /// Drops every record that matches.
    mutating func removeAll(where shouldRemove: (SessionRecord) -> Bool) {
        young = young.filter { !shouldRemove($0.value) }
        old = old.filter { !shouldRemove($0.value) }
    }

    private mutating func store(_ record: SessionRecord) {
        guard generationSize > 0 else { return }
        if young.count >= generationSize, young[record.id] == nil {
            old = young
            young = [:]
        }
        young[record.id] = record
    }
}
