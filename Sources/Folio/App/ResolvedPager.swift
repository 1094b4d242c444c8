import FolioCore

/// One configured pager with everything derived from it at start (its title
/// bar laid out, its stylesheet, its starting states), so a request looks
/// the pager up once by key and then only reads.
final class ResolvedPager: Sendable {
    let configuration: PagerConfiguration
    let layout: PagerLayout
    let stylesheet: PagerStylesheet
    /// `startingStates[i]`: not yet shown, page `i` selected.
    private let startingStates: [PagerState]
    private let pageIndexByKey: [String: Int]
    /// The pages whose data comes from a file, URL or provider (so showing
    /// them may wait), with their loader names `{pager}/{page}`, made once.
    let externalPages: [(key: String, name: String)]
    /// `externalDataNames[i]`: page `i`'s data names from a file, URL or
    /// provider (its own and its tiles'), made once rather than per request.
    let externalDataNames: [[String]]
    /// Pages with a badge and data from outside: every view shows their
    /// count, so their data loads even when nobody opened them.
    let badgePages: [PageConfiguration]
    /// Whether some page has an access rule (so who asks decides the tabs).
    let hasPageRules: Bool

    var key: String { configuration.key }
    var pageCount: Int { startingStates.count }

    /// - Throws: `PagerError` when the pages do not make a pager (none, or a repeated key).
    init(_ configuration: PagerConfiguration, measurer: any TextMeasuring) throws(PagerError) {
        self.configuration = configuration
        layout = PagerLayout(pager: configuration, measurer: measurer)
        stylesheet = PagerStylesheet(pager: configuration, layout: layout)
        let pages = configuration.pages.map { Page(key: $0.key, title: $0.title) }
        startingStates = try configuration.pages.indices.map { (index) throws(PagerError) in
            try PagerState(
                pages: pages, selectedIndex: index, cacheLimit: configuration.cacheLimit,
                transition: configuration.transition)
        }
        externalDataNames = configuration.pages.map { $0.externalDataNames(of: configuration.key) }
        externalPages = zip(configuration.pages, externalDataNames).flatMap { page, names in
            names.map { (page.key, $0) }
        }
        badgePages = configuration.pages.filter { $0.badge != nil && $0.source.isExternal }
        hasPageRules = configuration.pages.contains { $0.access != nil }
        pageIndexByKey = Dictionary(
            configuration.pages.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The index of the page with this key.
    func pageIndex(_ key: String) -> Int? { pageIndexByKey[key] }

    /// The record of a visitor who has not shown this pager yet, with page
    /// `index` selected (clamped to the pages there are).
    func startingRecord(at index: Int) -> PagerRecord {
        PagerRecord(state: startingStates[min(max(index, 0), startingStates.count - 1)])
    }

    /// The session's record of this pager, when it has one saved under the
    /// configuration in force (same pages, transition and cache limit); one
    /// saved under another configuration starts over instead.
    func storedRecord(in session: SessionRecord?) -> PagerRecord? {
        guard let record = session?.pagers[configuration.key], fits(record) else { return nil }
        return record
    }

    /// Whether a stored record still matches this pager.
    func fits(_ record: PagerRecord) -> Bool {
        let configured = startingStates[0]
        return record.state.transition == configured.transition
            && record.state.cacheLimit == configured.cacheLimit && record.state.pages == configured.pages
    }

    /// The page a form's `page` field names: a page key first, and only when
    /// none matches a position from 0, so a key made of digits hides the
    /// page at that position (`FolioConfiguration.validate(templates:)` warns
    /// of such keys).
    func pageIndex(formValue page: String) throws(ClientError) -> Int {
        if let byKey = pageIndex(page) { return byKey }
        guard let number = Int(page) else { throw .notFound("The pager '\(key)' has no page '\(page)'.") }
        guard startingStates.indices.contains(number) else {
            throw .notFound(
                "The pager '\(key)' has no page \(number) (it has \(pageCount), numbered from 0).")
        }
        return number
    }
}
