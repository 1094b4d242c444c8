import FolioCore
import Foundation

/// The dashboard a configuration file declares: a title and its pagers.
///
/// Read it with `FolioConfiguration.load(file:templatesDirectory:)`, which
/// reports every problem with file, line and column, or build it in Swift
/// and check it with `validate(templates:)` (`FolioApp` does so when it starts).
public struct FolioConfiguration: Sendable {
    /// The site title (index page, `<title>` suffix).
    public var title: String
    /// The pagers, in the order the index lists them.
    public var pagers: [PagerConfiguration]
    /// The pages' language, a BCP 47 tag (`<html lang>`); Folio's own words
    /// (navigation label, index, error pages) and templates' formats follow
    /// it. Default `en`.
    public var lang = "en"
    /// The IANA time zone (`Europe/Berlin`) templates show absolute times
    /// in (`format:datetime`). Default `UTC`: never the server's own zone.
    public var timeZone = "UTC"
    /// Named format specs templates can use as `format:NAME`
    /// (`"requests": "compact"`); see the article "Formats and levels".
    public var formats: [String: String] = [:]
    /// Named level specs templates can use as `level:NAME`
    /// (`"cpu": "warning=0.8,critical=0.9"`, `"service": "up=ok,down=critical"`).
    public var levels: [String: String] = [:]
    /// The pages' writing direction (`<html dir>`). Default `ltr`.
    public var dir = TextDirection.ltr
    /// Who may see a pager that has no `access` of its own; `nil` (default)
    /// for everyone. `"signedIn"` makes signing in the dashboard's rule.
    public var access: AccessRule?
    /// Stylesheets of your own, as paths inside the public folders
    /// (`"ops.css"`, `"css/ops.css"`: served as `/public/ops.css`), linked
    /// in this order after Folio's own `folio.css` and each pager's
    /// `pager.css`, so their rules win. Default none.
    public var stylesheets: [String] = []
    /// Wall-screen playlists (`"playlists"`), in file order: each cycles
    /// through several pagers at `/playlist/{name}`.
    public var playlists: [PlaylistConfiguration] = []
    /// The configuration file's path; `dataFile`s are relative to its folder.
    public var file: String
    /// Where each value was in `file` (`pagers[0].pages[1].key` to line and
    /// column), for problems found after reading; empty when built in Swift.
    var sourceLocations: [String: SourceLocation] = [:]

    /// Creates a configuration in code (tests, embedding programs).
    public init(title: String, pagers: [PagerConfiguration], file: String = "<memory>") {
        self.title = title
        self.pagers = pagers
        self.file = file
    }

    /// The pager with this key, if any.
    public func pager(_ key: String) -> PagerConfiguration? {
        pagers.first { $0.key == key }
    }

    /// The rule that decides who sees `pager`: its own, else the dashboard's.
    public func accessRule(of pager: PagerConfiguration) -> AccessRule {
        pager.access ?? access ?? .everyone
    }
}

/// One pager: its title bar's looks and behaviour, and its pages.
public struct PagerConfiguration: Sendable {
    /// The URL slug (`/essence`).
    public var key: String
    /// The pager's own title (index page, document title).
    public var title: String
    /// Underline buttons or a segmented control. Default `underline`.
    public var titleStyle: TitleStyle = .underline
    /// How tab widths are found. Default `equal`.
    public var layout: TitleBarLayout = .equal
    /// How pages change. Default `slide`.
    public var transition: Transition = .slide
    /// Title font size in CSS px. Default 14.
    public var fontSize: Double = 14
    /// Title bar height in CSS px. Default 35.
    public var barHeight: Double = 35
    /// How many pages stay loaded at most; `nil` (default) keeps all.
    public var cacheLimit: Int?
    /// The bar's colours. Default `PagerColors.light(for:)` of `titleStyle`
    /// (set the style first: changing a colour keeps the defaults of the
    /// style at that moment for the others).
    public var colors: PagerColors {
        get { configuredColors ?? .light(for: titleStyle) }
        set { configuredColors = newValue }
    }
    private var configuredColors: PagerColors?
    /// The bar's colours when the visitor prefers a dark scheme
    /// (`prefers-color-scheme: dark`). Default `PagerColors.dark(for:)` of
    /// `titleStyle`, so a segmented pager's selected title stays readable on
    /// its filled indicator (as for `colors`, set the style first).
    public var darkColors: PagerColors {
        get { configuredDarkColors ?? .dark(for: titleStyle) }
        set { configuredDarkColors = newValue }
    }
    private var configuredDarkColors: PagerColors?
    /// The pager's own language, when it differs from the dashboard's
    /// (`lang` on its `.folio-pager`); `nil` (default) inherits.
    public var lang: String?
    /// The pager's own writing direction (`dir` on its `.folio-pager`);
    /// `nil` (default) inherits the dashboard's.
    public var dir: TextDirection?
    /// An optional navigation bar above the title bar (seed 001).
    public var navigation: NavigationConfiguration?
    /// The pages, in title order; never empty.
    public var pages: [PageConfiguration]
    /// Who may see this pager; `nil` (default) for the dashboard's rule
    /// (`FolioConfiguration.access`), everyone when it has none.
    public var access: AccessRule?
    /// Seconds each page stays before a view moves on to the next page the
    /// viewer may see (`"rotate"`); `nil` (default) for none. `?rotate=` in
    /// a URL overrides it.
    public var rotate: Double?
    /// Tells a pager cut down to the pages one person may see from the
    /// pager as configured (`""`), for the caches that key on the pager.
    var variant = ""
    /// The pager's name in caches: its key, and its variant when cut down.
    var cacheName: String { variant.isEmpty ? key : key + "\u{0}" + variant }

    /// Creates a pager with default looks.
    public init(key: String, title: String, pages: [PageConfiguration]) {
        self.key = key
        self.title = title
        self.pages = pages
    }

    /// The position of the page with this key, if any. (A select form's
    /// `page=` is looked up here first and only then read as a position.)
    public func pageIndex(_ key: String) -> Int? {
        pages.firstIndex { $0.key == key }
    }
}

/// A pager's colours, as CSS colour values (validated when read).
public struct PagerColors: Sendable, Hashable {
    /// The title bar's background. Default opaque white: content scrolls
    /// under the bar, and the default titles (`#767676`, 4.5:1 on white) keep
    /// AA over dark content only on an opaque bar.
    public var bar = "#ffffff"
    /// Titles that are not selected. Default `#767676` (4.5:1 on white).
    public var title = "#767676"
    /// The selected title. Default `#e00000`.
    public var selectedTitle = "#e00000"
    /// The indicator. Default `#e00000`.
    public var indicator = "#e00000"
    /// The content background. Default `#ffffff`.
    public var background = "#ffffff"

    /// Creates the default colours.
    public init() {}
}

/// A navigation bar above the title bar: a title image and a left button.
public struct NavigationConfiguration: Sendable, Hashable {
    /// An image path under `Public/` shown as the bar's title.
    public var titleImage: String?
    /// A button at the bar's leading edge.
    public var leftButton: NavigationButton?

    /// Creates a navigation bar.
    public init(titleImage: String? = nil, leftButton: NavigationButton? = nil) {
        self.titleImage = titleImage
        self.leftButton = leftButton
    }
}

/// A link button in the navigation bar.
public struct NavigationButton: Sendable, Hashable {
    /// The accessible label.
    public var label: String
    /// An icon path under `Public/`.
    public var icon: String?
    /// Where it leads: a page key of this pager, a path, or a URL.
    public var href: String

    /// Creates a button.
    public init(label: String, icon: String? = nil, href: String) {
        self.label = label
        self.icon = icon
        self.href = href
    }
}

/// One page: its title, the template that draws it and where its data is.
public struct PageConfiguration: Sendable {
    /// The URL slug (`/essence/video`).
    public var key: String
    /// The tab's title.
    public var title: String
    /// The content template, relative to the templates folder.
    public var template: String
    /// Where the template's data comes from.
    public var source: PageSource
    /// For `url` and `dataFile` data: how often, in seconds, the server
    /// loads it again while some browser shows the pager, and pushes the
    /// new panel to every open tab. Nil: the page is not live.
    public var refreshSeconds: Double?
    /// A path into the page's data (`alerts.open`, `items`) whose value,
    /// a number or the length of an array, is shown as a count on the tab.
    public var badge: String?
    /// What the badge counts, said after the number to screen readers
    /// ("3 open alerts"); `nil` (default) says the page's title.
    public var badgeLabel: String?
    /// Who, of those the pager admits, may see this page; `nil` (default)
    /// for all of them. It narrows the pager's rule and never widens it:
    /// to anyone else the page is not there (no tab; 404 when asked for).
    public var access: AccessRule?
    /// The tiles the page is made of, drawn by Folio's `tiles.html` (its
    /// `template`); empty (default) for a page drawn by its own template.
    public var tiles: [TileConfiguration] = []

    /// Creates a page.
    public init(
        key: String, title: String, template: String, source: PageSource = .none,
        refreshSeconds: Double? = nil,
        badge: String? = nil
    ) {
        self.key = key
        self.title = title
        self.template = template
        self.source = source
        self.refreshSeconds = refreshSeconds
        self.badge = badge
    }
}

/// Where a page's data comes from.
public enum PageSource: Sendable, Hashable {
    /// No data: the template gets only `page` and `site`.
    case none
    /// Inline JSON (an object), kept as JSON text.
    case inline(json: String)
    /// A JSON file, as an absolute path.
    case file(path: String)
    /// A JSON document fetched when the page is first shown, kept for
    /// `cacheSeconds`, given up after `timeoutSeconds`.
    case url(URL, cacheSeconds: Double, timeoutSeconds: Double)
    /// Data computed by Swift code, with the same rules as `url`; set in
    /// code only (see `PageDataProvider`).
    case provider(PageDataProvider)
}
