/// One page of a pager: the web counterpart of a child view controller.
///
/// The key identifies the page everywhere (URL slug, effect payloads, loaded
/// set); the title is what its tab shows. Content is not part of the model:
/// Folio produces it when a ``PagerEffect/load(_:)`` effect asks for it.
public struct Page: Sendable, Codable, Hashable {
    /// A stable, unique, non-empty identifier, used in URLs and effects.
    public var key: String
    /// The text of the page's tab in the title bar.
    public var title: String

    /// Creates a page.
    /// - Parameters:
    ///   - key: A unique, non-empty identifier (checked when the page enters a ``PagerState``).
    ///   - title: The tab's text.
    public init(key: String, title: String) {
        self.key = key
        self.title = title
    }
}
