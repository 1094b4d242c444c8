/// Where a playlist is and where it goes next, pure: entry after entry,
/// each for its own time, and within an entry that rotates, page after
/// page. A position is `(entry, step)`: the step-th page change inside
/// the entry, so a URL alone says what to show and for how long.
struct PlaylistSchedule: Sendable {
    /// One entry as one viewer meets it.
    struct Slot: Sendable, Equatable {
        /// Seconds the entry stays.
        var seconds: Double
        /// The pages of its pager the viewer may see; 0 when they may see
        /// none (the entry is skipped).
        var pageCount: Int
        /// Seconds per page inside the entry; `nil` to stay on the first.
        var pageSeconds: Double?
    }

    struct Position: Sendable, Equatable {
        var entry: Int
        var step: Int
    }

    /// What a position shows.
    struct Stop: Sendable, Equatable {
        /// The position shown (a skipped or past-its-time one moves on first).
        var position: Position
        /// The page among those the viewer may see.
        var pageIndex: Int
        /// Seconds before `next`.
        var seconds: Double
        var next: Position
    }

    let slots: [Slot]

    /// What `position` shows; `nil` when the viewer may see no entry at all.
    func stop(at position: Position) -> Stop? {
        guard slots.indices.contains(position.entry), position.step >= 0 else { return nil }
        var position = position
        // A step past the entry's time (a URL kept from a longer setting) or
        // an entry the viewer may not see moves on to the next one shown.
        if !isShown(position) {
            guard let entry = shownEntry(after: position.entry) else { return nil }
            position = Position(entry: entry, step: 0)
        }
        let slot = slots[position.entry]
        guard let pageSeconds = slot.pageSeconds else {
            return Stop(
                position: position, pageIndex: 0, seconds: slot.seconds,
                next: Position(entry: nextEntry(position), step: 0))
        }
        let elapsed = Double(position.step) * pageSeconds
        let stays = min(pageSeconds, slot.seconds - elapsed)
        let next =
            elapsed + pageSeconds < slot.seconds - Self.tolerance
            ? Position(entry: position.entry, step: position.step + 1)
            : Position(entry: nextEntry(position), step: 0)
        return Stop(position: position, pageIndex: position.step % slot.pageCount, seconds: stays, next: next)
    }

    /// Less than this of an entry's time left is no time for another page.
    private static let tolerance = 0.001

    private func isShown(_ position: Position) -> Bool {
        let slot = slots[position.entry]
        guard slot.pageCount > 0 else { return false }
        guard let pageSeconds = slot.pageSeconds else { return position.step == 0 }
        return Double(position.step) * pageSeconds < slot.seconds - Self.tolerance
    }

    /// The first entry shown after `entry`, wrapping round, `entry` itself last.
    private func shownEntry(after entry: Int) -> Int? {
        (1...slots.count).lazy.map { (entry + $0) % slots.count }.first { slots[$0].pageCount > 0 }
    }

    private func nextEntry(_ position: Position) -> Int {
        shownEntry(after: position.entry) ?? position.entry
    }
}
