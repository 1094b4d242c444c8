/// The record of a pager a conditional save requires its session to still
/// store when it writes (`nil`: none): what the saving instance read.
struct ExpectedPager: Sendable {
    let record: PagerRecord?

    /// Whether `stored` (the bytes in the table, `nil` for no row) is the
    /// record expected. Compared as bytes first: a record this or another
    /// instance saved is the very bytes `storedJSON` writes, so nothing is
    /// decoded. Otherwise compared decoded, as `session(id:)` decodes them,
    /// so bytes an older Folio wrote, or that no longer decode, compare as read.
    func matches(_ stored: [UInt8]?) -> Bool {
        if stored == record?.storedJSON { return true }
        return record == stored.flatMap { try? PagerRecord(storedJSON: $0) }
    }
}
