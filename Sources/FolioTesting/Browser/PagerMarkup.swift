/// A pager as its HTML shows it, read through the hooks that Folio's
/// "HTML contract" article (`Sources/Folio/Folio.docc/HTMLContract.md`)
/// keeps stable (`data-pager`, `data-selected`, `role="tab"`, `data-key`,
/// `aria-selected`, `.folio-indicator`'s `data-left`/`data-width`,
/// `role="tabpanel"`, `data-loaded`). Plain values: compare them with `#expect`.
public struct PagerMarkup: Sendable, Equatable {
    /// One title of the bar.
    public struct Tab: Sendable, Equatable {
        /// The page key (the button's `data-key`, else its `value`).
        public var key: String
        /// The title as shown.
        public var title: String
        /// The position from 0 (`data-index`).
        public var index: Int
        /// `aria-selected="true"`.
        public var isSelected: Bool
        /// The id of the panel it controls (`aria-controls`).
        public var controls: String?
    }

    /// A named hidden input of the pager's form.
    public struct HiddenField: Sendable, Equatable {
        /// The input's `name`.
        public var name: String
        /// The input's `value` (empty when absent).
        public var value: String
    }

    /// One page of the track.
    public struct Panel: Sendable, Equatable {
        /// The page key (`data-key`, else taken from the id).
        public var key: String
        /// `data-loaded="true"`: its content is in the page.
        public var isLoaded: Bool
        /// Carries the `hidden` attribute (only the selected page shows without JavaScript).
        public var isHidden: Bool
        /// Its text, white space collapsed (empty for a placeholder).
        public var text: String
    }

    /// The pager key (`data-pager`).
    public var key: String
    /// `data-selected`.
    public var selectedIndex: Int
    /// The titles, in order.
    public var tabs: [Tab]
    /// The pages, in order.
    public var panels: [Panel]
    /// The indicator's `data-left` in CSS px, if present.
    public var indicatorLeft: Double?
    /// The indicator's `data-width` in CSS px, if present.
    public var indicatorWidth: Double?
    /// The form's CSRF token.
    public var csrfToken: String?
    /// The form's hidden inputs in document order (`csrf`, `from`, `return`):
    /// what a browser posts with a click.
    public var hiddenFields: [HiddenField]
    /// Where title clicks are posted (the form's `action`).
    public var selectAction: String?
    /// Where scroll ends are posted (`data-scroll-action`).
    public var scrollAction: String?
    /// The state JSON's URL (`data-state-url`).
    public var stateURL: String?

    /// The selected title, as `aria-selected` says.
    public var selectedTab: Tab? { tabs.first { $0.isSelected } }

    /// The key of the selected page, as `aria-selected` says.
    public var selectedKey: String? { selectedTab?.key }

    /// The panel of page `key`.
    public func panel(_ key: String) -> Panel? { panels.first { $0.key == key } }

    init(section: HTMLNode) throws(HTMLQueryError) {
        key = section["data-pager"] ?? ""
        selectedIndex = Int(section["data-selected"] ?? "") ?? -1
        tabs = try section.nodes(".//*[@role='tab']").enumerated().map { offset, tab in
            Tab(
                key: tab["data-key"] ?? tab["value"] ?? "", title: tab.text,
                index: Int(tab["data-index"] ?? "") ?? offset, isSelected: tab["aria-selected"] == "true",
                controls: tab["aria-controls"])
        }
        let prefix = "folio-\(key)-panel-"
        panels = try section.nodes(".//*[@role='tabpanel']").map { panel in
            let id = panel["id"] ?? ""
            return Panel(
                key: panel["data-key"] ?? (id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id),
                isLoaded: panel["data-loaded"] == "true", isHidden: panel["hidden"] != nil, text: panel.text)
        }
        let indicator = try section.nodes(".//*[contains(concat(' ', @class, ' '), ' folio-indicator ')]")
            .first
        indicatorLeft = indicator?["data-left"].flatMap(Double.init)
        indicatorWidth = indicator?["data-width"].flatMap(Double.init)
        let form = try section.nodes(".//form").first
        csrfToken = try form?.nodes(".//input[@name='csrf']").first?["value"]
        hiddenFields =
            try form?.nodes(".//input[@type='hidden'][@name]").map {
                HiddenField(name: $0["name"] ?? "", value: $0["value"] ?? "")
            } ?? []
        selectAction = form?["action"] ?? section["data-select-action"]
        scrollAction = section["data-scroll-action"]
        stateURL = section["data-state-url"]
    }
}
