extension PagerState {
    /// Writes the state as JSON that `init(from:)` (through `JSONDecoder`)
    /// reads back equal: the keys and shapes of `encode(to:)`, written
    /// directly (see `JSONBytes`).
    public func writeJSON(to json: inout JSONBytes) {
        json.raw("{\"pages\":")
        json.array(pages) { json, page in
            json.raw("{\"key\":")
            json.string(page.key)
            json.raw(",\"title\":")
            json.string(page.title)
            json.raw("}")
        }
        json.raw(",\"selection\":")
        switch selection {
        case .notAppeared(let index):
            json.raw("{\"notAppeared\":{\"index\":")
            json.integer(index)
            json.raw("}}")
        case .shown(let index):
            json.raw("{\"shown\":{\"index\":")
            json.integer(index)
            json.raw("}}")
        case .transitioning(let from, let to):
            json.raw("{\"transitioning\":{\"from\":")
            json.integer(from)
            json.raw(",\"to\":")
            json.integer(to)
            json.raw("}}")
        }
        json.raw(",\"loadedKeys\":")
        json.array(loadedKeys) { $0.string($1) }
        if let cacheLimit {
            json.raw(",\"cacheLimit\":")
            json.integer(cacheLimit)
        }
        json.raw(",\"transition\":")
        switch transition {
        case .slide: json.raw("{\"slide\":{}}")
        case .crossDissolve(let duration):
            json.raw("{\"crossDissolve\":{\"duration\":")
            json.number(duration)
            json.raw("}}")
        }
        json.raw("}")
    }
}
