import FolioCore
import FolioTemplate

/// Site-wide values every template gets as `site`.
public struct SiteContext: Sendable {
    /// The site title from the configuration.
    public var title: String
    /// The base path, `""` or `/tools/pager` (no trailing slash).
    public var base: String
    /// Folio's version, appended to static URLs to bust caches.
    public var version: String
    /// The dashboard's language (`<html lang>`), a BCP 47 tag.
    public var lang: String
    /// The dashboard's writing direction (`<html dir>`).
    public var dir: TextDirection
    /// The configuration's own stylesheets, paths inside the public folders,
    /// linked after Folio's (`site/stylesheets`, as URLs).
    public var stylesheets: [String]

    /// Creates the context.
    public init(
        title: String, base: String, version: String, lang: String = "en", dir: TextDirection = .ltr,
        stylesheets: [String] = []
    ) {
        self.title = title
        self.base = base
        self.version = version
        self.lang = lang
        self.dir = dir
        self.stylesheets = stylesheets
    }

    /// Folio's own words in the dashboard's language.
    var strings: InterfaceStrings { InterfaceStrings.forLanguage(lang) }

    /// The URL prefix of `Public/`: base + `/public`.
    public var publicURL: String { base + "/public" }

    /// The `site` global.
    var templateValue: TemplateValue {
        .object(
            TemplateObject([
                ("title", .string(title)), ("base", .string(base)), ("public", .string(publicURL)),
                ("version", .string(version)), ("lang", .string(lang)), ("dir", .string(dir.rawValue)),
                ("stylesheets", .array(stylesheets.map { .string(publicURL + "/" + $0 + "?v=" + version) })),
                (
                    "strings",
                    .object(
                        TemplateObject([
                            ("navigation", .string(strings.navigation)), ("home", .string(strings.home)),
                            ("indexLead", .string(strings.indexLead)),
                        ]))
                ),
            ]))
    }

    /// Canonical URLs of a pager's routes.
    func pagerURL(_ pager: String) -> String { base + "/" + pager }
    func pageURL(_ pager: String, _ page: String) -> String { base + "/" + pager + "/" + page }
}

/// Builds the `pager` global of the page templates from a view's
/// `PagerProjection` (the same one the state JSON is), the configuration's
/// URLs and navigation, and the rendered panels. Pure.
enum PagerViewModel {
    /// - Parameters:
    ///   - panels: The inner HTML of each page's panel, `nil` for pages that
    ///     are not loaded (empty placeholders).
    ///   - csrf: The token to put in the form (a placeholder when cached).
    ///   - returnTarget: Where the click's answer returns to (a placeholder when cached).
    ///   - wallScreen: A wall screen's head elements, markup (a placeholder
    ///     when cached; empty by default).
    ///   - badges: Each tab's count, nil without one (or without a badge).
    ///   - lastEventID: For a live pager, the id of its newest event, which
    ///     its event stream goes on from; nil for a pager with nothing live.
    ///   - notice: A sentence to show above the bar (`pager/notice`), nil for none.
    ///   - liveStates: Per page, the id of the live event whose panel is
    ///     this one byte for byte (`data-live-state`), nil when none is.
    static func make(
        _ projection: PagerProjection, pager: PagerConfiguration, panels: [String?], csrf: String,
        returnTarget: String, wallScreen: String = "", site: SiteContext, badges: [Int?] = [],
        lastEventID: String? = nil, notice: PagerNotice? = nil, liveStates: [String?] = []
    ) -> TemplateValue {
        let selected = projection.selected.index
        let pagerURL = site.pagerURL(pager.key)
        let tabs: [TemplateValue] = projection.pages.enumerated().map { index, page in
            let indicator = projection.tabs[index].indicator
            return .object(
                TemplateObject([
                    ("key", .string(page.key)), ("title", .string(page.title)),
                    ("index", .number(Double(index))),
                    ("selected", .bool(index == selected)),
                    ("href", .string(page.href)),
                    ("tabId", .string(tabID(pager.key, page.key))),
                    ("panelId", .string(panelID(pager.key, page.key))),
                    ("indicatorLeft", .string(indicator.left.css)),
                    ("indicatorWidth", .string(indicator.width.css)),
                    ("hasBadge", .bool(pager.pages[index].badge != nil)),
                    (
                        "badge",
                        .string(badges.indices.contains(index) ? badges[index].map(String.init) ?? "" : "")
                    ),
                    // Hidden at zero; said in words ("3 open alerts"), the digits alone being hidden from readers.
                    ("badgeShown", .bool(badges.indices.contains(index) && (badges[index] ?? 0) > 0)),
                    ("badgeNoun", .string(pager.pages[index].badgeLabel ?? page.title)),
                    (
                        "badgeLabel",
                        .string(
                            badgeLabel(
                                badges.indices.contains(index) ? badges[index] : nil, pager.pages[index]))
                    ),
                ]))
        }
        let panelValues: [TemplateValue] = projection.pages.enumerated().map { index, page in
            .object(
                TemplateObject([
                    ("key", .string(page.key)), ("index", .number(Double(index))),
                    ("selected", .bool(index == selected)),
                    ("loaded", .bool(panels[index] != nil)), ("tabId", .string(tabID(pager.key, page.key))),
                    ("panelId", .string(panelID(pager.key, page.key))),
                    ("html", .string(panels[index] ?? "")),
                    (
                        "liveState",
                        liveStates.indices.contains(index)
                            ? liveStates[index].map(TemplateValue.string) ?? .null : .null
                    ),
                ]))
        }
        let indicator = TemplateValue.object(
            TemplateObject([
                ("left", .number(projection.indicator.left.px)),
                ("width", .number(projection.indicator.width.px)),
                ("leftCSS", .string(projection.indicator.left.css)),
                ("widthCSS", .string(projection.indicator.width.css)),
            ]))
        return .object(
            TemplateObject([
                ("key", .string(projection.pager)), ("title", .string(projection.title)),
                ("selectedIndex", .number(Double(selected))),
                ("selectedKey", .string(projection.selected.key)),
                ("titleStyle", .string(projection.titleStyle)), ("layout", .string(projection.layout)),
                ("transition", .string(projection.transition)),
                ("transitionMs", .number(Double(projection.transitionMs))), ("csrf", .string(csrf)),
                ("returnTarget", .string(returnTarget)), ("wallScreen", .string(wallScreen)),
                ("selectAction", .string(pagerURL + "/select")),
                ("scrollAction", .string(pagerURL + "/scroll")),
                ("stateURL", .string(pagerURL + "/state")), ("fragmentURL", .string(pagerURL + "/fragment")),
                ("eventsURL", lastEventID == nil ? .null : .string(pagerURL + "/events")),
                ("lastEventID", lastEventID.map(TemplateValue.string) ?? .null),
                ("stylesheet", .string(pagerURL + "/pager.css?v=" + site.version)),
                ("navigation", navigation(pager.navigation)), ("tabs", .array(tabs)),
                // The pager's own language and direction, `null` when it inherits the page's
                // (so an included fragment takes its portal's, and no attribute is written).
                ("lang", pager.lang.map(TemplateValue.string) ?? .null),
                ("dir", pager.dir.map { .string($0.rawValue) } ?? .null),
                (
                    "strings",
                    .object(
                        TemplateObject([
                            (
                                "navigation",
                                .string(InterfaceStrings.forLanguage(pager.lang ?? site.lang).navigation)
                            )
                        ]))
                ),
                ("indicator", indicator),
                ("panels", .array(panelValues)),
                (
                    "notice",
                    notice.map { .string($0.text(in: InterfaceStrings.forLanguage(pager.lang ?? site.lang))) }
                        ?? .null
                ),
            ]))
    }

    /// `folio-{pager}-tab-{key}`, the tab's id (HTML contract).
    static func tabID(_ pager: String, _ page: String) -> String { "folio-\(pager)-tab-\(page)" }
    /// `folio-{pager}-panel-{key}`, the panel's id (HTML contract).
    static func panelID(_ pager: String, _ page: String) -> String { "folio-\(pager)-panel-\(page)" }

    private static func navigation(_ navigation: NavigationConfiguration?) -> TemplateValue {
        guard let navigation else { return .null }
        let button: TemplateValue =
            navigation.leftButton.map { button in
                .object(
                    TemplateObject([
                        ("label", .string(button.label)),
                        ("icon", button.icon.map(TemplateValue.string) ?? .null),
                        ("href", .string(button.href)),
                    ]))
            } ?? .null
        return .object(
            TemplateObject([
                ("titleImage", navigation.titleImage.map(TemplateValue.string) ?? .null),
                ("leftButton", button),
            ]))
    }
}
