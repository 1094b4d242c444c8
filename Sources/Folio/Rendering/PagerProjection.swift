import FolioCore

/// What one visitor's view of a pager shows, computed once from the
/// resolved pager and the record: the one projection behind the page
/// template's `pager` model (`PagerViewModel`), the JSON of
/// `GET /{pager}/state`, and FolioTesting's `PagerStateSnapshot`, which
/// decodes that JSON into this very type.
public struct PagerProjection: Codable, Sendable, Equatable {
    /// The selected page.
    public struct Selection: Codable, Sendable, Equatable {
        /// Its position from 0.
        public var index: Int
        /// Its key.
        public var key: String
    }

    /// One page: its title, whether its content is loaded, how often shown.
    public struct PageEntry: Codable, Sendable, Equatable {
        /// The page key.
        public var key: String
        /// The title.
        public var title: String
        /// Whether its content is loaded (it was shown, and not unloaded since).
        public var loaded: Bool
        /// How often it was shown (the delegate's `pageDidShow`).
        public var shownCount: Int
        /// Its canonical URL.
        public var href: String
    }

    /// A length along the title bar.
    public struct Length: Codable, Sendable, Equatable {
        /// CSS px at the reference bar width (`referenceBarWidth`).
        public var px: Double
        /// The exact length as CSS, relative to the bar (`calc(30% - 14px)`).
        public var css: String
        /// The part proportional to the bar's width.
        public var fraction: Double
        /// The fixed part, in CSS px.
        public var pixels: Double

        init(_ length: BarLength) {
            px = length.referencePixels
            css = length.css
            fraction = length.fraction
            pixels = length.pixels
        }
    }

    /// A span of the title bar (the indicator's place).
    public struct Box: Codable, Sendable, Equatable {
        /// Its inline start.
        public var left: Length
        /// Its width.
        public var width: Length
    }

    /// One title's place in the bar.
    public struct Tab: Codable, Sendable, Equatable {
        /// The page key.
        public var key: String
        /// Its inline start.
        public var left: Length
        /// Its width.
        public var width: Length
        /// The measured width of its label, CSS px.
        public var labelWidth: Double
        /// The indicator's place when this title is selected (what a swipe
        /// between two pages interpolates).
        public var indicator: Box
    }

    /// The pager key.
    public var pager: String
    /// The pager title.
    public var title: String
    /// `equal`, `fixed` or `fit`.
    public var layout: String
    /// `underline` or `segmented`.
    public var titleStyle: String
    /// `slide` or `crossDissolve`.
    public var transition: String
    /// The transition's duration.
    public var transitionMs: Int
    /// The bar width the `px` lengths are given at.
    public var referenceBarWidth: Double
    /// The selection.
    public var selected: Selection
    /// The pages in order.
    public var pages: [PageEntry]
    /// The indicator.
    public var indicator: Box
    /// Every title's place.
    public var tabs: [Tab]
    /// The width of the scrolling content of the bar.
    public var barWidth: Length
    /// What changed when the visitor's record, stored under an earlier
    /// configuration, was carried over to these pages (added, removed,
    /// moved, retitled, and where the selection went); `nil` (left out of
    /// the JSON) when nothing was, or once the visitor clicked since.
    public var pagesChanged: PagesChange?

    /// The keys of the pages whose content is loaded.
    public var loadedKeys: [String] { pages.filter(\.loaded).map(\.key) }

    init(_ pager: ResolvedPager, record: PagerRecord, site: SiteContext) {
        let configuration = pager.configuration
        let state = record.state
        let geometry = pager.layout.geometry(selected: state.selectedIndex)
        self.pager = configuration.key
        title = configuration.title
        layout = configuration.layoutName
        titleStyle = configuration.titleStyle.rawValue
        transition = configuration.transitionName
        transitionMs = configuration.transitionMilliseconds
        referenceBarWidth = PagerLayout.referenceBarWidth
        selected = Selection(index: state.selectedIndex, key: state.selectedPage.key)
        pages = configuration.pages.map {
            PageEntry(
                key: $0.key, title: $0.title, loaded: state.isLoaded($0.key),
                shownCount: record.shownCounts[$0.key] ?? 0, href: site.pageURL(configuration.key, $0.key))
        }
        indicator = Box(left: Length(geometry.indicator.left), width: Length(geometry.indicator.width))
        tabs = zip(configuration.pages, geometry.tabs).enumerated().map { index, placed in
            let (page, tab) = placed
            let indicator = pager.layout.geometry(selected: index).indicator
            return Tab(
                key: page.key, left: Length(tab.left), width: Length(tab.width), labelWidth: tab.labelWidth,
                indicator: Box(left: Length(indicator.left), width: Length(indicator.width)))
        }
        barWidth = Length(geometry.contentWidth)
        pagesChanged = record.pagesChanged
    }
}
