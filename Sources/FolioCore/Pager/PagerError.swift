/// What ``PagerState`` rejects. Every throwing entry point checks its input
/// before changing anything, so after one of these the state is unchanged.
public enum PagerError: Error, Equatable, Sendable {
    /// A pager needs at least one page.
    case noPages
    /// A page index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// An insertion index outside `0...count`.
    case insertionIndexOutOfRange(index: Int, count: Int)
    /// No page has this key.
    case unknownKey(String)
    /// Two pages would share this key.
    case duplicateKey(String)
    /// Page keys must not be empty: they become URL path segments.
    case emptyKey
    /// A scroll offset that is negative, NaN or infinite.
    case invalidOffset(Double)
    /// A page width that is zero, negative, NaN or infinite.
    case invalidPageWidth(Double)
    /// A cache limit below 1 (the shown page is always loaded).
    case invalidCacheLimit(Int)
    /// A cross-dissolve duration that is negative, NaN or infinite.
    case invalidTransitionDuration(Double)
    /// `transitionFinished` arrived while no transition was running.
    case noTransitionInProgress
    /// Removing this page would leave the pager empty.
    case cannotRemoveLastPage(String)
    /// A data source returned different numbers of titles and pages.
    case dataSourceMismatch(titles: Int, pages: Int)
    /// A data source returned different numbers of titles and keys.
    case dataSourceKeyMismatch(titles: Int, keys: Int)
}

extension PagerError: CustomStringConvertible {
    /// A short sentence for people: logs, HTTP error bodies, test failures.
    public var description: String {
        switch self {
        case .noPages:
            return "a pager needs at least one page"
        case .indexOutOfRange(let index, let count):
            return "page index \(index) is out of range: the pager has \(count) pages (0...\(count - 1))"
        case .insertionIndexOutOfRange(let index, let count):
            return "cannot insert a page at \(index): valid positions are 0...\(count)"
        case .unknownKey(let key):
            return "no page has the key \"\(key)\""
        case .duplicateKey(let key):
            return "the page key \"\(key)\" is used twice"
        case .emptyKey:
            return "a page key must not be empty"
        case .invalidOffset(let offset):
            return "scroll offset \(offset) is invalid: it must be a finite number >= 0"
        case .invalidPageWidth(let width):
            return "page width \(width) is invalid: it must be a finite number > 0"
        case .invalidCacheLimit(let limit):
            return "cache limit \(limit) is invalid: it must be at least 1"
        case .invalidTransitionDuration(let duration):
            return "cross-dissolve duration \(duration) is invalid: it must be a finite number >= 0"
        case .noTransitionInProgress:
            return "no transition is in progress"
        case .cannotRemoveLastPage(let key):
            return "cannot remove \"\(key)\": it is the pager's last page"
        case .dataSourceMismatch(let titles, let pages):
            return "the data source gave \(titles) titles but \(pages) pages"
        case .dataSourceKeyMismatch(let titles, let keys):
            return "the data source gave \(titles) titles but \(keys) keys"
        }
    }
}
