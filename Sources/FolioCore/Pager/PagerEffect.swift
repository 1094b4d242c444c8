/// What the owner of a ``PagerState`` must do, in order, after an event.
///
/// Effects are plain values: returning them performs nothing. Each names a
/// page by key. See ``PagerState`` for the order they come in.
public enum PagerEffect: Sendable, Equatable, Codable {
    /// Produce the page's content: it is about to be shown for the first
    /// time, or for the first time since it was unloaded.
    case load(String)
    /// Drop the page's content: the cache limit was exceeded or the page was removed.
    case unload(String)
    /// The page is about to become visible.
    case willAppear(String)
    /// The page became visible.
    case didAppear(String)
    /// The page is about to stop being visible.
    case willDisappear(String)
    /// The page stopped being visible.
    case didDisappear(String)
    /// The page is about to join (`true`) or leave (`false`) the pager.
    case willMove(String, toParent: Bool)
    /// The page joined (`true`) or left (`false`) the pager.
    case didMove(String, toParent: Bool)
    /// Tell the delegate the page is now the one shown (seed 004).
    case pageDidShow(String)

    /// The key of the page this effect concerns.
    public var key: String {
        switch self {
        case .load(let key), .unload(let key), .willAppear(let key), .didAppear(let key),
            .willDisappear(let key), .didDisappear(let key), .pageDidShow(let key):
            return key
        case .willMove(let key, _), .didMove(let key, _):
            return key
        }
    }
}
