import FolioCore

extension PagerRecord {
    /// The record as the `pagers` table stores it: the JSON its `Codable`
    /// conformance reads (`{"state":…,"shownCounts":{…},"lastClickAt":…,
    /// "pagesChanged":{…}}`), written
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
        if let pagesChanged {
            json.raw(",\"pagesChanged\":")
            pagesChanged.writeJSON(to: &json)
        }
        json.raw("}")
        return json.bytes
    }
}

extension PagesChange {
    /// The JSON its `Codable` conformance reads, written directly like the
    /// rest of the record (a `nil` move left out), keys sorted as the state
    /// JSON has them.
    func writeJSON(to json: inout JSONBytes) {
        json.raw("{")
        let lists = [("added", added), ("moved", moved), ("removed", removed), ("retitled", retitled)]
        for (index, (name, keys)) in lists.enumerated() {
            if index > 0 { json.raw(",") }
            json.key(name)
            json.array(keys) { $0.string($1) }
        }
        if let selectionMoved {
            json.raw(",\"selectionMoved\":{")
            json.key("from")
            json.string(selectionMoved.from)
            json.raw(",")
            json.key("reason")
            json.string(selectionMoved.reason.rawValue)
            json.raw(",")
            json.key("to")
            json.string(selectionMoved.to)
            json.raw("}")
        }
        json.raw("}")
    }
}
