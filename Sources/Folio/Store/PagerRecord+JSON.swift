import FolioCore

extension PagerRecord {
    /// The record as the `pagers` table stores it: the JSON its `Codable`
    /// conformance reads (`{"state":…,"shownCounts":{…},"lastClickAt":…}`), written
    /// directly, since a durable click saves one and `JSONEncoder` cost
    /// more than the rest of the click (BENCHMARKS.md, "Durable clicks").
    var storedJSON: [UInt8] {
        var json = JSONBytes(capacity: 128 + state.pages.count * 48)
        json.raw("{\"state\":")
        state.writeJSON(to: &json)
        json.raw(",\"shownCounts\":{")
        // Sorted, so one record always writes the same bytes.
        for (position, key) in shownCounts.keys.sorted().enumerated() {
            if position > 0 { json.raw(",") }
            json.key(key)
            json.integer(shownCounts[key] ?? 0)
        }
        json.raw("}")
        if let lastClickAt {
            json.raw(",\"lastClickAt\":")
            json.number(lastClickAt)
        }
        json.raw("}")
        return json.bytes
    }
}
