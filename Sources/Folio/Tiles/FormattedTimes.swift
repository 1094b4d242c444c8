import FolioCore
import FolioSync
import Foundation

/// Absolute times as a chart's data table and axis show them, kept across
/// renders: a live chart's window slides, so 719 of its 720 times were
/// shown by the render before. One per configuration generation (held by
/// `TileRendering`), shared by its tiles and the threads rendering them.
///
/// Only formats whose text depends on nothing but the instant, the format,
/// the zone and the language are kept (`time`, `date`, `datetime`, `iso`);
/// a relative time changes with "now" and is formatted every time.
public final class FormattedTimes: Sendable {
    /// Times kept per format, zone and language; past it, that table starts again.
    public static let timesPerTable = 8192
    /// New times kept aside before they join the table every chart reads.
    static let pendingLimit = 64
    /// Formats, zones and languages kept; past it, all tables start again.
    public static let tableCount = 16

    /// What, besides the instant, changes a time's text.
    private struct Variant: Hashable {
        var kind: ValueFormat.Kind
        var timeZone: TimeZone
        var language: FormatLanguage
    }

    private let tables = LockedValue([Variant: Table]())

    /// An empty store.
    public init() {}

    /// A function showing instants in `format` and `context`, remembering
    /// each text for the next render.
    func formatter(_ format: ValueFormat, in context: FormatContext) -> @Sendable (Date) -> String {
        switch format.kind {
        case .time, .date, .dateTime, .iso: break
        default: return { format.format(.number($0.timeIntervalSince1970), in: context) }
        }
        let variant = Variant(kind: format.kind, timeZone: context.timeZone, language: context.language)
        let table = tables.withLock { tables in
            if let table = tables[variant] { return table }
            if tables.count >= Self.tableCount { tables.removeAll() }
            let table = Table()
            tables[variant] = table
            return table
        }
        // The texts known when the chart starts are read without the lock; a
        // time formatted since waits in `pending`, so that the known table
        // is copied (it is shared with charts rendering now) once per
        // `pendingLimit` new times, not once per render.
        let known = table.state.withLock(\.known)
        return { date in
            let seconds = date.timeIntervalSince1970
            if let text = known[seconds] ?? table.state.withLock({ $0.pending[seconds] }) { return text }
            let text = format.format(.number(seconds), in: context)
            table.state.withLock { $0.keep(text, for: seconds) }
            return text
        }
    }

    /// One format's, zone's and language's texts by instant.
    private final class Table: Sendable {
        let state = LockedValue(TableState())
    }

    private struct TableState {
        /// Times formatted before, read by every chart without the lock.
        var known = InstantTexts(limit: FormattedTimes.timesPerTable)
        /// Times formatted since `known` was last added to.
        var pending: [Double: String] = [:]

        /// Keeps a new text; past `timesPerTable`, the table starts again.
        mutating func keep(_ text: String, for seconds: Double) {
            pending[seconds] = text
            guard pending.count >= FormattedTimes.pendingLimit else { return }
            if known.count + pending.count > known.limit {
                known = InstantTexts(limit: FormattedTimes.timesPerTable)
            }
            for (seconds, text) in pending { known.insert(text, for: seconds) }
            pending.removeAll(keepingCapacity: true)
        }
    }
}
