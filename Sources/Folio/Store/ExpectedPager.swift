import Foundation

/// The record of a pager a conditional save requires its session to still
/// store when it writes (`nil`: none): what the saving instance read.
struct ExpectedPager: Sendable {
    let record: PagerRecord?

    /// Whether `stored` (the bytes in the table, `nil` for no row) is the
    /// record expected. Compared decoded, as `session(id:)` decodes them, so
    /// bytes an older Folio wrote, or that no longer decode, compare as read.
    func matches(_ stored: [UInt8]?) -> Bool {
        record == stored.flatMap { try? JSONDecoder().decode(PagerRecord.self, from: Data($0)) }
    }
}
