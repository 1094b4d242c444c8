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
    /// them may wait), with their loader names `{pager}/{page}` and whether
    /// every view shows them (a badge page), made once.
    let externalPages: [(key: String, name: String, isShownByEveryView: Bool)]
    /// `externalData[i]`: page `i`'s data from a file, URL or provider (its
    /// own and its tiles'), made once rather than per request.
    let externalData: [[ExternalData]]
    /// `externalDataNames[i]`: the names of `externalData[i]`.
    let externalDataNames: [[String]]
    /// Whether some page has an access rule (so who asks decides the tabs).
    let hasPageRules: Bool
    /// A view's step on the starting record, run once here rather than per
    /// request (most views without a session): `[i]` is `GET /{pager}/{page i}`
    /// (`.select(i)` from page `i`), the last `GET /{pager}` (`.appear` from page 0).
    private let newVisitorOutcomes: [StepOutcome]

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
        externalData = configuration.pages.map { $0.externalData(of: configuration.key) }
        externalDataNames = externalData.map { $0.map(\.name) }
        externalPages = zip(configuration.pages, externalDataNames).flatMap { page, names in
            // A page with a badge and data from outside: every view shows
            // its count, so its data loads even when nobody opened it.
            let isShownByEveryView = page.badge != nil && page.source.isExternal
            return names.map { (page.key, $0, isShownByEveryView) }
        }
        hasPageRules = configuration.pages.contains { $0.access != nil }
        pageIndexByKey = Dictionary(
            configuration.pages.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        let views = startingStates.indices.map { (PagerStep.select($0), $0) } + [(PagerStep.appear, 0)]
        newVisitorOutcomes = try views.map {
            [startingStates, externalPages] (step, index) throws(PagerError) in
            let before = PagerRecord(state: startingStates[index])
            var after = before
            let effects = try step.apply(to: &after)
            return StepOutcome(
                before: before, after: after, effects: effects, changesRecord: true,
                dataNames: Self.dataNames(shownIn: after, externalPages: externalPages))
        }
    }

    /// `step` on the starting record at page `startIndex`, as run at start,
    /// when it is one of a view's steps (`nil` for any other).
    func newVisitorOutcome(of step: PagerStep, startIndex: Int) -> StepOutcome? {
        switch step {
        case .appear where startIndex == 0: newVisitorOutcomes.last
        case .select(let index) where index == startIndex && startingStates.indices.contains(index):
            newVisitorOutcomes[index]
        default: nil
        }
    }

    /// The data names (`{pager}/{page}`) that rendering `record` reads from a
    /// file, URL or provider: its loaded pages' and every badge page's.
    func dataNames(shownIn record: PagerRecord) -> [String] {
        Self.dataNames(shownIn: record, externalPages: externalPages)
    }

    private static func dataNames(
        shownIn record: PagerRecord, externalPages: [(key: String, name: String, isShownByEveryView: Bool)]
    ) -> [String] {
        var names: [String] = []
        // Through the buffer: a `for` over the array copied each page's
        // strings first (ten retains and releases per session's view here).
        externalPages.withUnsafeBufferPointer { pages in
            for index in pages.indices
            where pages[index].isShownByEveryView || record.state.isLoaded(pages[index].key) {
                // Room for every name still possible at the first: growing
                // cost a second allocation per view, and no name none.
                if names.isEmpty { names.reserveCapacity(pages.count - index) }
                names.append(pages[index].name)
            }
        }
        return names
    }

    /// The index of the page with this key.
    func pageIndex(_ key: String) -> Int? { pageIndexByKey[key] }

    /// The record of a visitor who has not shown this pager yet, with page
    /// `index` selected (clamped to the pages there are).
    func startingRecord(at index: Int) -> PagerRecord {
        PagerRecord(state: startingStates[min(max(index, 0), startingStates.count - 1)])
    }

    /// The session's record of this pager, adapted to the configuration in
    /// force (`current(_:)`), when it has one.
    func storedRecord(in session: SessionRecord?) -> PagerRecord? {
        session?.pagers[configuration.key].flatMap(current)
    }

    /// The record a step runs on: `stored` (a session's record of this
    /// pager, as stored) adapted to the configuration in force, or the
    /// starting record at page `index` when there is none.
    func record(from stored: PagerRecord?, startingAt index: Int) -> PagerRecord {
        stored.flatMap(current) ?? startingRecord(at: index)
    }

    /// A stored record as this configuration has it: as stored when it was
    /// saved under the same pages, transition and cache limit; otherwise
    /// carried over by page key (FolioCore's `adapted(to:)`: selection,
    /// loaded pages and titles; shown counts are kept whole, so a page put
    /// back finds its count) with what changed noted in `pagesChanged`.
    /// `nil` only for a record that cannot be carried over (none today: the
    /// configuration's pages are checked when loaded).
    func current(_ record: PagerRecord) -> PagerRecord? {
        current(taking: record)?.record
    }

    /// Whether `record` was saved under the pages, transition and cache
    /// limit in force, so `current(_:)` gives it back as it is.
    func isCurrent(_ record: PagerRecord) -> Bool {
        let configured = startingStates[0]
        return record.state.transition == configured.transition
            && record.state.cacheLimit == configured.cacheLimit && record.state.pages == configured.pages
    }

    /// `current(_:)` of a record its caller gives up, handed back without a
    /// copy when it is current as stored (`asStored`).
    func current(taking record: consuming PagerRecord) -> (record: PagerRecord, asStored: Bool)? {
        if isCurrent(record) { return (record, true) }
        let configured = startingStates[0]
        guard
            let (state, change) = try? record.state.adapted(
                to: configured.pages, cacheLimit: configured.cacheLimit, transition: configured.transition)
        else { return nil }
        var adapted = record
        adapted.state = state
        if !change.isEmpty { adapted.pagesChanged = change }
        return (adapted, false)
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
