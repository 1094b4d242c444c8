/// A cache bounded by the bytes its values hold, not by their number: a
/// server that runs for months meets ever new combinations of selections,
/// loaded pages and shown counts, and their renderings differ in size.
///
/// Two generations, so that neither a lookup nor an insertion sorts or walks
/// anything: new entries go into the recent one; when it would pass half the
/// budget, the older generation is dropped and the recent one takes its
/// place. A hit in the older generation moves the entry back to the recent
/// one, so renderings in use stay while the rest age out within two turns.
struct ByteBoundedCache<Key: Hashable, Value> {
    fileprivate struct Slot {
        var value: Value
        var cost: Int
    }

    /// The most the values may hold together, in bytes.
    let byteLimit: Int
    private var recent: [Key: Slot] = [:]
    private var older: [Key: Slot] = [:]
    private var recentBytes = 0
    private var olderBytes = 0

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    /// The bytes held now; never more than `byteLimit`.
    var byteCount: Int { recentBytes + olderBytes }

    /// How many entries are held.
    var count: Int { recent.count + older.count }

    /// The value for `key` if it is in the recent generation, changing
    /// nothing: what most lookups find, under a read lock.
    func recentValue(for key: Key) -> Value? {
        recent[key]?.value
    }

    /// The value for `key`, if cached; a hit keeps it for longer.
    mutating func value(for key: Key) -> Value? {
        if let slot = recent[key] { return slot.value }
        guard let slot = older.removeValue(forKey: key) else { return nil }
        olderBytes -= slot.cost
        store(slot, for: key)
        return slot.value
    }

    /// Caches `value` for `key`, where `cost` is the bytes it holds. A value
    /// larger than half the budget is not kept.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        removeValue(for: key)
        store(Slot(value: value, cost: cost), for: key)
    }

    /// Forgets the entries that match.
    mutating func removeAll(where matches: (Key, Value) -> Bool) {
        for (key, slot) in recent where matches(key, slot.value) { removeValue(for: key) }
        for (key, slot) in older where matches(key, slot.value) { removeValue(for: key) }
    }

    /// Forgets the entry for `key`, if any.
    mutating func removeValue(for key: Key) {
        if let slot = recent.removeValue(forKey: key) { recentBytes -= slot.cost }
        if let slot = older.removeValue(forKey: key) { olderBytes -= slot.cost }
    }

    private mutating func store(_ slot: Slot, for key: Key) {
        let half = byteLimit / 2
        guard slot.cost <= half else { return }
        if recentBytes + slot.cost > half {
            older = recent
            olderBytes = recentBytes
            recent = [:]
            recentBytes = 0
        }
        recent[key] = slot
        recentBytes += slot.cost
    }
}

extension ByteBoundedCache: Sendable where Key: Sendable, Value: Sendable {}
extension ByteBoundedCache.Slot: Sendable where Value: Sendable {}
