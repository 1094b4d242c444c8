import FolioSync

/// `completion`, wrapped so that only its first call runs: a fetch or a
/// provider call races its own timeout to finish, and the later of the two
/// is dropped.
func firstCallOnly<Value>(_ completion: @escaping @Sendable (Value) -> Void) -> @Sendable (Value) -> Void {
    let finished = LockedValue(false)
    return { value in
        let first = finished.withLock { finished in
            defer { finished = true }
            return !finished
        }
        if first { completion(value) }
    }
}
