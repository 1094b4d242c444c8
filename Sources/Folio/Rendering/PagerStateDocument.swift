import FolioCore
import Foundation

/// The JSON of `GET /{pager}/state`: pages with their loaded flags, the
/// selection, the indicator's geometry and the layout, for scripts and
/// for tests that assert on state rather than markup.
struct PagerStateDocument: Encodable {
    struct PageEntry: Encodable {
        var key: String
        var title: String
        var loaded: Bool
        var shownCount: Int
        var href: String
    }

    struct Selection: Encodable {
        var index: Int
        var key: String
    }

    struct Length: Encodable {
        /// Pixels at the reference bar width (`referenceBarWidth`).
        var px: Double
        /// The exact length as CSS, relative to the bar (`calc(30% - 14px)`).
        var css: String
        var fraction: Double
        var pixels: Double

        init(_ length: BarLength) {
            px = length.referencePixels
            css = length.css
            fraction = length.fraction
            pixels = length.pixels
        }
    }

    struct Box: Encodable {
        var left: Length
        var width: Length
    }

    struct Tab: Encodable {
        var key: String
        var left: Length
        var width: Length
        var labelWidth: Double
    }

    var pager: String
    var title: String
    var layout: String
    var titleStyle: String
    var transition: String
    var transitionMs: Int
    var referenceBarWidth: Double
    var selected: Selection
    var pages: [PageEntry]
    var indicator: Box
    var tabs: [Tab]
    var barWidth: Length

    init(pager: PagerConfiguration, layout: PagerLayout, record: PagerRecord, site: SiteContext) {
        let state = record.state
        let geometry = layout.geometry(selected: state.selectedIndex)
        self.pager = pager.key
        title = pager.title
        self.layout = pager.layoutName
        titleStyle = pager.titleStyle.rawValue
        transition = pager.transitionName
        transitionMs = pager.transitionMilliseconds
        referenceBarWidth = PagerLayout.referenceBarWidth
        selected = Selection(index: state.selectedIndex, key: state.selectedPage.key)
        pages = pager.pages.map {
            PageEntry(
                key: $0.key, title: $0.title, loaded: state.isLoaded($0.key),
                shownCount: record.shownCounts[$0.key] ?? 0, href: site.pageURL(pager.key, $0.key))
        }
        indicator = Box(left: Length(geometry.indicator.left), width: Length(geometry.indicator.width))
        tabs = zip(pager.pages, geometry.tabs).map { page, tab in
            Tab(key: page.key, left: Length(tab.left), width: Length(tab.width), labelWidth: tab.labelWidth)
        }
        barWidth = Length(geometry.contentWidth)
    }

    /// The document as UTF-8 JSON with sorted keys.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? [UInt8](encoder.encode(self))) ?? Array("{}".utf8)
    }
}
