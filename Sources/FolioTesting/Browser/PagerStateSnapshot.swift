/// The JSON of `GET /{pager}/state`, decoded: what the server holds for
/// this browser's session, to compare with what the HTML shows.
public struct PagerStateSnapshot: Decodable, Sendable, Equatable {
    /// The selection.
    public struct Selection: Decodable, Sendable, Equatable {
        /// The selected page's position from 0.
        public var index: Int
        /// The selected page's key.
        public var key: String
    }

    /// One page and whether its content is loaded.
    public struct PageEntry: Decodable, Sendable, Equatable {
        /// The page key.
        public var key: String
        /// The title.
        public var title: String
        /// Whether its content has been loaded (it was shown, and not unloaded since).
        public var loaded: Bool
        /// How often it was shown (the delegate's `pageDidShow`).
        public var shownCount: Int
    }

    /// A length of the title bar.
    public struct Length: Decodable, Sendable, Equatable {
        /// CSS px at the reference bar width.
        public var px: Double
        /// The exact CSS (`calc(30% - 14px)`).
        public var css: String
    }

    /// The indicator's place.
    public struct Box: Decodable, Sendable, Equatable {
        /// Its inline start.
        public var left: Length
        /// Its width.
        public var width: Length
    }

    /// The pager key.
    public var pager: String
    /// `equal`, `fixed` or `fit`.
    public var layout: String
    /// `underline` or `segmented`.
    public var titleStyle: String
    /// The selection.
    public var selected: Selection
    /// The pages in order.
    public var pages: [PageEntry]
    /// The indicator.
    public var indicator: Box

    /// The keys of the pages whose content is loaded.
    public var loadedKeys: [String] { pages.filter(\.loaded).map(\.key) }
}
