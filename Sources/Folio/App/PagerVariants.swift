import FolioCore
import FolioSync

/// A pager cut down to the pages one person may see, so the tabs, the
/// title bar's geometry, the stylesheet and the starting states are those
/// of the pages shown: a hidden page leaves no gap and no trace. Made the
/// first time a set of visible pages is asked for, then kept (the sets
/// are few: one per combination of the page rules people satisfy).
final class PagerVariants: Sendable {
    /// Sets kept at most; past it a variant is made for the request alone.
    static let limit = 256

    private let measurer: any TextMeasuring
    private let made = LockedValue<[String: ResolvedPager]>([:])

    init(measurer: any TextMeasuring) { self.measurer = measurer }

    /// `pager` as `person` may see it: itself when every page is visible,
    /// `nil` when none is.
    func pager(_ pager: ResolvedPager, for person: Person?) -> ResolvedPager? {
        guard pager.hasPageRules else { return pager }
        let pages = pager.configuration.pages.filter { $0.access?.admits(person) ?? true }
        if pages.count == pager.pageCount { return pager }
        if pages.isEmpty { return nil }
        var configuration = pager.configuration
        configuration.pages = pages
        configuration.variant = pages.map(\.key).joined(separator: "\u{0}")
        let name = configuration.cacheName
        if let known = made.withLock({ $0[name] }) { return known }
        // Its pages are some of a pager that was resolved: it cannot fail.
        guard let variant = try? ResolvedPager(configuration, measurer: measurer) else { return nil }
        made.withLock { made in
            if made.count < Self.limit { made[name] = made[name] ?? variant }
        }
        return variant
    }
}
