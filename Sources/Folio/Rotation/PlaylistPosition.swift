import FolioHTTP

/// `?entry=E&step=S` of a playlist's URL: both whole numbers from 0, the
/// entry one of the playlist's; absent, 0.
enum PlaylistPosition {
    /// - Throws: `ClientError` 400 naming the bad value.
    static func parse(_ query: FormFields, entries: Int) throws(ClientError) -> PlaylistSchedule.Position {
        let entry = try number(query, "entry", below: entries)
        let step = try number(query, "step", below: Int.max)
        return PlaylistSchedule.Position(entry: entry, step: step)
    }

    private static func number(_ query: FormFields, _ name: String, below limit: Int) throws(ClientError)
        -> Int
    {
        guard let text = query[name] else { return 0 }
        guard let value = Int(text), value >= 0, value < limit else {
            throw .badRequest("\(name) must be a whole number from 0 to \(limit - 1), not '\(text)'.")
        }
        return value
    }
}
