/// The record of a pager a conditional save requires its session to still
/// store when it writes (`nil`: none): what the saving instance read.
struct ExpectedPager: Sendable {
    let record: PagerRecord?
    /// The record as Folio writes it, compared first: a record this or
    /// another instance saved is these very bytes, so nothing is decoded.
    private let storedBytes: [UInt8]?

    init(record: PagerRecord?) {
        self.record = record
        storedBytes = record?.storedJSON
    }

    /// Whether `stored` (the bytes in the table, `nil` for no row) is the
    /// record expected. Otherwise compared decoded, as `session(id:)`
    /// decodes them, so bytes an older Folio wrote, or that no longer
    /// decode, compare as read.
    func matches(_ stored: [UInt8]?) -> Bool {
        if stored == storedBytes { return true }
        return record == stored.flatMap { try? PagerRecord(storedJSON: $0) }
    }
}
