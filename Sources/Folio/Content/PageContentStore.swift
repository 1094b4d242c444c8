import FolioSync
import FolioTemplate
import Foundation

/// A page's rendered panel: the same bytes for every session that shows it
/// the same number of times, so it is rendered once and kept.
struct RenderedPanel: Sendable {
    /// The panel's inner HTML as UTF-8, as the template wrote it: a panel
    /// request answers with these bytes, not a copy per request.
    let bytes: [UInt8]
    /// When it must be rendered again (URL data past `cacheSeconds`), if ever.
    var expires: Double?

    init(html: String, expires: Double?) {
        self.init(bytes: Array(html.utf8), expires: expires)
    }

    init(bytes: [UInt8], expires: Double?) {
        self.bytes = bytes
        self.expires = expires
    }

    /// The HTML as text, for the page and the live events that embed it
    /// (each rendered once and cached, so it is made rarely).
    var html: String { String(decoding: bytes, as: UTF8.self) }
}

/// Loads each page's data (inline, file, URL or provider) when the page is
/// first shown, renders its content template, and caches both.
///
/// A source that fails (unreadable file, URL timeout, provider error,
/// template error) yields an error panel, never a failed request. URL and
/// provider data load off the request's thread and are shared by every view
/// (`PageDataLoader`): a view waits at most `PageDataLimits.viewWaitSeconds`
/// after the load started, then shows the previous data while a refresh
/// runs, or the loading panel on a first load.
final class PageContentStore: Sendable {
    private struct PanelKey: Hashable, Sendable {
        var pager: String
        var page: String
        var shownCount: Int
    }

    private struct Entries: Sendable {
        var panels: ByteBoundedCache<PanelKey, RenderedPanel>
        /// Bumped whenever some data is (re)loaded, so cached pages that
        /// embed panels are rebuilt.
        var generation = 0
        /// Pages (`pager/page`) whose content was rendered twice with
        /// different shown counts and came out the same: their template
        /// ignores `shownCount`, so one rendering serves every count.
        var countIndependent: Set<String> = [] {
            // What `cacheKeyInputs` derives from it is stale.
            didSet { countSensitivity = [:] }
        }
        /// Per pager key: `cacheKeyInputs`' answer, built once per change of
        /// `countIndependent` instead of per view (it costs a lookup per page).
        var countSensitivity: [String: [Bool]] = [:]
        /// Pages whose dependence on `shownCount` has been tested.
        var countChecked: Set<String> = []
        /// Each badge page's count (`pager/page`), from its newest data.
        var badges: [String: Int] = [:]
    }

    /// Bound on the bytes of cached panels (one per page and shown count in use).
    static let defaultCacheBytes = 4 << 20
    /// What a panel costs besides its HTML (key, dictionary slot).
    private static let panelOverhead = 128

    private let templates: TemplateSet
    private let site: TemplateValue
    let clock: any WallClock
    private let entries: LockedValue<Entries>
    let loader: PageDataLoader
    /// `PageDataLimits.maxPanelBytes`.
    private let maxPanelBytes: Int

    /// How long a panel showing a relative time is served before it is
    /// rendered again: its "7 min ago" is at most this late with JavaScript off.
    static let relativeTimeSeconds = 30.0
    /// The dashboard's language, for the loading and error panels' words.
    let language: String
    /// The badge path of each page that has one (`pager/page`).
    private let badgePaths: [String: BadgePath]
    /// Told of every change of a page's data, after the caches dropped it.
    private let observer = LockedValue<(@Sendable (String, PageData) -> Void)?>(nil)
    /// Where a failure's details go (the server's log): never to the page.
    let report: @Sendable (String) -> Void

    /// - Parameters:
    ///   - language: The dashboard's `lang`; a pager's own `lang` wins.
    ///   - badges: The pages (`pager/page`) that show a count on their tab,
    ///     and where in their data it is.
    ///   - report: Receives each failed panel's details. Default: standard error.
    init(
        templates: TemplateSet, site: TemplateValue, clock: any WallClock,
        cacheBytes: Int = defaultCacheBytes,
        limits: PageDataLimits = PageDataLimits(), language: String = "en",
        badges: [String: BadgePath] = [:],
        report: @escaping @Sendable (String) -> Void = PageContentStore.logToStandardError
    ) {
        self.templates = templates
        self.site = site
        self.clock = clock
        self.language = language
        self.badgePaths = badges
        self.report = report
        maxPanelBytes = limits.maxPanelBytes
        let entries = LockedValue(Entries(panels: ByteBoundedCache(byteLimit: cacheBytes)))
        self.entries = entries
        let observer = self.observer
        loader = PageDataLoader(clock: clock, limits: limits) { name, data in
            entries.withLock { entries in
                entries.generation += 1
                // A tile's data (`pager/page/tile`) is drawn in its page's panel.
                let page = TileDataName.page(of: name)
                entries.panels.removeAll { key, _ in key.pager + "/" + key.page == page }
                // New data may change how the template uses the count: test again.
                entries.countIndependent.remove(name)
                entries.countChecked.remove(name)
                if let path = badges[name] {
                    entries.badges[name] = data.error == nil ? path.count(in: data.globals) : nil
                }
            }
            if let failure = data.refreshFailure {
                report("folio: the page \(name) shows its previous data, refreshing failed: \(failure)")
            }
            observer.withLock { $0 }?(name, data)
        }
    }

    /// Sets who is told of every change of a page's data (the live hub), once.
    func observeChanges(_ body: @escaping @Sendable (_ name: String, _ data: PageData) -> Void) {
        observer.withLock { $0 = body }
    }

    /// The count on each of `pager`'s tabs, nil for pages without a badge
    /// or whose data has no count (yet).
    func badges(of pager: PagerConfiguration) -> [Int?] {
        guard pager.pages.contains(where: { $0.badge != nil }) else { return pager.pages.map { _ in nil } }
        return entries.withLock { entries in pager.pages.map { entries.badges[pager.key + "/" + $0.key] } }
    }

    /// Loads the data of `pager`'s badge pages that have none yet, waiting
    /// for it as a view waits (called where blocking is allowed, or when
    /// `needsLoad` said nothing would wait).
    func loadBadgeData(of pager: PagerConfiguration) {
        for page in pager.pages where page.badge != nil && page.source.isExternal {
            _ = loader.data(
                pager.key + "/" + page.key, source: page.source, recheckAfter: page.refreshSeconds)
        }
    }

    /// The count of the badge page `name` (`pager/page`), if its data has one.
    func badge(_ name: String) -> Int? { entries.withLock { $0.badges[name] } }

    /// The panel of `page` rendered from `data` just loaded, for the tabs
    /// that show it live (as on its first showing): nothing is loaded here.
    func livePanel(_ page: PageConfiguration, of pager: PagerConfiguration, data: PageData) -> [UInt8] {
        guard data.error == nil else {
            return Array(failed(pager.key + "/" + page.key, pager, data.error ?? "").utf8)
        }
        return render(page, of: pager, data: data, shownCount: 1, now: clock.now).bytes
    }

    /// Takes `page`'s data as another instance loaded it.
    func accept(_ page: PageConfiguration, of pager: PagerConfiguration, body: [UInt8]) {
        loader.accept(
            pager.key + "/" + page.key, body: body, source: page.source, recheckAfter: page.refreshSeconds)
    }

    /// Loads `page` again now without waiting (a live page's refresh).
    func refresh(_ page: PageConfiguration, of pager: PagerConfiguration) {
        loader.refresh(pager.key + "/" + page.key, source: page.source, recheckAfter: page.refreshSeconds)
        refreshTiles(page, of: pager)
    }

    /// The bytes of panels cached now (at most the limit given at init).
    var cachedBytes: Int { entries.withLock { $0.panels.byteCount } }

    /// What rendered-page cache keys take from here, read under one lock
    /// (this runs for every pager view): for each page of `pager`, whether
    /// its panel can differ with the shown count (true until a rendering
    /// proved otherwise), so keys include the count only for those; and the
    /// generation, which changes whenever loaded data changes.
    func cacheKeyInputs(of pager: PagerConfiguration) -> (countSensitive: [Bool], generation: Int) {
        entries.withLock { entries in
            if let known = entries.countSensitivity[pager.cacheName] { return (known, entries.generation) }
            let sensitivity = pager.pages.map { !entries.countIndependent.contains(pager.key + "/" + $0.key) }
            entries.countSensitivity[pager.cacheName] = sensitivity
            return (sensitivity, entries.generation)
        }
    }

    /// The panel of `page`, rendered for a session that has shown it
    /// `shownCount` times. Loads the data first if needed (the `load` effect).
    func panel(_ page: PageConfiguration, of pager: PagerConfiguration, shownCount: Int) -> RenderedPanel {
        panel(page, of: pager, shownCount: shownCount, now: clock.now)
    }

    /// `panel(_:of:shownCount:)` as of `now` (a request's instant).
    func panel(_ page: PageConfiguration, of pager: PagerConfiguration, shownCount: Int, now: Double)
        -> RenderedPanel
    {
        let name = pager.key + "/" + page.key
        // One lock for the count test and the lookup: a hit takes no other.
        let (key, checked, cached) = entries.withLock { entries in
            let count = entries.countIndependent.contains(name) ? 0 : shownCount
            let key = PanelKey(pager: pager.key, page: page.key, shownCount: count)
            return (key, entries.countChecked.contains(name), entries.panels.value(for: key))
        }
        let count = key.shownCount
        if let cached, cached.expires.map({ $0 > now }) ?? true {
            return cached
        }
        let data: PageData
        switch loader.data(name, source: page.source, recheckAfter: page.refreshSeconds) {
        case .current(let current):
            data = current
        case .stale(let previous):
            // A refresh is in flight: the previous data (or error), rendered again until it lands.
            guard previous.error == nil || page.isTiled else {
                // Reported when it was stored: not again for every view meanwhile.
                return RenderedPanel(html: Self.errorPanel(strings(pager)), expires: now)
            }
            var shown = render(page, of: pager, data: previous, shownCount: count, now: now)
            shown.expires = now
            return shown
        case .loading:
            return RenderedPanel(html: Self.loadingPanel(strings(pager)), expires: now)
        }
        guard data.error == nil || page.isTiled else {
            return store(
                RenderedPanel(html: failed(name, pager, data.error ?? ""), expires: data.expires), at: key)
        }
        let rendered = render(page, of: pager, data: data, shownCount: count, now: now)
        if !checked,
            rendered.bytes == render(page, of: pager, data: data, shownCount: count + 1, now: now).bytes
        {
            // The template ignores the count: keep one rendering for all counts.
            entries.withLock {
                $0.countIndependent.insert(name)
                $0.countChecked.insert(name)
            }
            return store(rendered, at: PanelKey(pager: pager.key, page: page.key, shownCount: 0))
        }
        entries.withLock { _ = $0.countChecked.insert(name) }
        return store(rendered, at: key)
    }

    private func render(
        _ page: PageConfiguration, of pager: PagerConfiguration, data: PageData, shownCount: Int, now: Double
    )
        -> RenderedPanel
    {
        var globals = data.globals
        globals["page"] = .object(
            TemplateObject([("key", .string(page.key)), ("title", .string(page.title))]))
        globals["site"] = site
        globals["shownCount"] = .number(Double(shownCount))
        var expires = data.expires
        if page.isTiled {
            let grid = tileGrid(page, of: pager, pageData: data)
            expires = grid.expires
            globals["tiles"] = grid.tiles
            globals["tilesByKey"] = Self.byKey(grid.tiles)
        }
        do {
            let template = try templates.template(named: page.template)
            var html: [UInt8] = []
            try template.render(
                globals, into: &html, outputLimit: maxPanelBytes,
                formatEnvironment: TemplateFormatEnvironment(language: pager.lang ?? language, now: now))
            // A relative time ("7 min ago") must be right without JavaScript too: render it again soon.
            if template.dependsOnNow { expires = min(expires ?? .infinity, now + Self.relativeTimeSeconds) }
            guard data.refreshFailure != nil, let updatedAt = data.updatedAt else {
                return RenderedPanel(bytes: html, expires: expires)
            }
            return RenderedPanel(
                bytes: Array(Self.staleNote(strings(pager), updatedAt: updatedAt).utf8) + html,
                expires: expires)
        } catch {
            let details =
                error.isOutputLimit
                ? "its panel passed \(PageDataLimits.describe(bytes: maxPanelBytes)) of HTML (--panel-max-bytes): \(error)"
                : "\(error)"
            return RenderedPanel(html: failed(pager.key + "/" + page.key, pager, details), expires: nil)
        }
    }

    private func store(_ panel: RenderedPanel, at key: PanelKey) -> RenderedPanel {
        entries.withLock {
            $0.panels.insert(panel, for: key, cost: panel.bytes.count + Self.panelOverhead)
        }
        return panel
    }

    /// Whether one of the pages named (`{pager}/{page}`, pages whose data
    /// comes from a file, URL or provider) would now wait for its data:
    /// never loaded, or its `cacheSeconds` expired, and no load in flight
    /// whose wait has run out (`PageDataLoader.wouldWait`). One lock for all
    /// of them: `FolioApp.disposition(for:)` asks this on the event loop.
    func needsLoad(_ names: [String], now: Double) -> Bool {
        !names.isEmpty && loader.wouldWait(names, now: now)
    }

    /// Starts loading a page's data if needed, without waiting (the `load`
    /// effect, so a URL is fetched when the page is first shown, not
    /// before); the view's rendering then waits for that same load.
    func loadIfNeeded(_ data: [ExternalData], now: Double) {
        for data in data {
            loader.loadIfNeeded(data.name, source: data.source, recheckAfter: data.recheckAfter, now: now)
        }
    }

    /// Folio's words for `pager`'s panels: its own language, else the dashboard's.
    private func strings(_ pager: PagerConfiguration) -> InterfaceStrings {
        InterfaceStrings.forLanguage(pager.lang ?? language)
    }

    /// The error panel of page `name`, its details reported to the log:
    /// feed addresses, library messages and template errors help whoever
    /// runs the dashboard and tell the reader nothing (or too much).
    private func failed(_ name: String, _ pager: PagerConfiguration, _ details: String) -> String {
        report("folio: the page \(name) cannot be shown: \(details)")
        return Self.errorPanel(strings(pager))
    }

    /// The panel shown while a page's first load is in flight; the next
    /// view shows the data (or the error panel).
    static func loadingPanel(_ strings: InterfaceStrings) -> String {
        """
        <div class="folio-panel-loading" role="status" aria-busy="true">\
        <p class="folio-panel-loading-title">\(HTMLText.escaped(strings.panelLoading))</p></div>
        """
    }

    /// The panel shown when a page's data or template fails: what happened
    /// in the reader's words, and a link that loads the page again (the
    /// empty URL is this very page, also inside a portal). No details.
    static func errorPanel(_ strings: InterfaceStrings) -> String {
        """
        <div class="folio-panel-error" role="alert">\
        <p class="folio-panel-error-title">\(HTMLText.escaped(strings.panelFailed))</p>\
        <p><a class="folio-panel-retry" href="">\(HTMLText.escaped(strings.panelRetry))</a></p></div>
        """
    }

    /// The note over a panel whose refresh failed: when the data shown was
    /// loaded, and that it is being retried. The time is the server's local
    /// time; `datetime` has it exactly.
    static func staleNote(_ strings: InterfaceStrings, updatedAt: Double) -> String {
        let date = Date(timeIntervalSince1970: updatedAt)
        // Made per note, which is rare: formatters are not Sendable.
        let clock = DateFormatter()
        clock.locale = Locale(identifier: "en_US_POSIX")
        clock.dateFormat = "HH:mm"
        let exact = ISO8601DateFormatter().string(from: date)
        let text = HTMLText.escaped(strings.panelStale(clock.string(from: date)))
        return """
            <p class="folio-panel-stale" role="status"><time datetime="\(exact)">\(text)</time></p>
            """
    }

    /// The default `report`: one line on standard error.
    static let logToStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension PageSource {
    /// Whether the data comes from a file, URL or provider, so loading it may block.
    var isExternal: Bool {
        switch self {
        case .none, .inline: false
        case .file, .url, .provider: true
        }
    }
}
