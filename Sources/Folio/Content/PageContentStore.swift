import FolioSync
import FolioTemplate
import Foundation

/// A page's rendered panel: the same bytes for every session that shows it
/// the same number of times, so it is rendered once and kept.
struct RenderedPanel: Sendable {
    /// The panel's inner HTML.
    var html: String
    /// When it must be rendered again (URL data past `cacheSeconds`), if ever.
    var expires: Double?
}

/// Loads each page's data (inline, file or URL) when the page is first
/// shown, renders its content template, and caches both.
///
/// A source that fails (unreadable file, URL timeout, template error)
/// yields an error panel, never a failed request.
final class PageContentStore: Sendable {
    private struct DataEntry: Sendable {
        var globals: [String: TemplateValue]
        var error: String?
        var expires: Double?
    }

    private struct PanelKey: Hashable, Sendable {
        var pager: String
        var page: String
        var shownCount: Int
    }

    private struct Entries: Sendable {
        var data: [String: DataEntry] = [:]
        var panels: ByteBoundedCache<PanelKey, RenderedPanel>
        /// Bumped whenever some data is (re)loaded, so cached pages that
        /// embed panels are rebuilt.
        var generation = 0
        /// Pages (`pager/page`) whose content was rendered twice with
        /// different shown counts and came out the same: their template
        /// ignores `shownCount`, so one rendering serves every count.
        var countIndependent: Set<String> = []
        /// Pages whose dependence on `shownCount` has been tested.
        var countChecked: Set<String> = []
    }

    /// Failed URL fetches are retried after at most this many seconds.
    private static let failureRetrySeconds = 5.0
    /// Bound on the bytes of cached panels (one per page and shown count in use).
    static let defaultCacheBytes = 4 << 20
    /// What a panel costs besides its HTML (key, dictionary slot).
    private static let panelOverhead = 128

    private let templates: TemplateSet
    private let site: TemplateValue
    private let clock: any WallClock
    private let entries: LockedValue<Entries>

    init(
        templates: TemplateSet, site: TemplateValue, clock: any WallClock, cacheBytes: Int = defaultCacheBytes
    ) {
        self.templates = templates
        self.site = site
        self.clock = clock
        entries = LockedValue(Entries(panels: ByteBoundedCache(byteLimit: cacheBytes)))
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
            (
                pager.pages.map { !entries.countIndependent.contains(pager.key + "/" + $0.key) },
                entries.generation
            )
        }
    }

    /// The panel of `page`, rendered for a session that has shown it
    /// `shownCount` times. Loads the data first if needed (the `load` effect).
    func panel(_ page: PageConfiguration, of pager: PagerConfiguration, shownCount: Int) -> RenderedPanel {
        let now = clock.now
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
        let data = loadDataIfNeeded(page, of: pager, now: now)
        guard data.error == nil else {
            return store(
                RenderedPanel(html: Self.errorPanel(data.error ?? ""), expires: data.expires), at: key)
        }
        let rendered = render(page, data: data, shownCount: count)
        if !checked, rendered.html == render(page, data: data, shownCount: count + 1).html {
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

    private func render(_ page: PageConfiguration, data: DataEntry, shownCount: Int) -> RenderedPanel {
        var globals = data.globals
        globals["page"] = .object(
            TemplateObject([("key", .string(page.key)), ("title", .string(page.title))]))
        globals["site"] = site
        globals["shownCount"] = .number(Double(shownCount))
        do {
            return RenderedPanel(html: try templates.render(page.template, globals), expires: data.expires)
        } catch {
            return RenderedPanel(html: Self.errorPanel("\(error)"), expires: nil)
        }
    }

    private func store(_ panel: RenderedPanel, at key: PanelKey) -> RenderedPanel {
        entries.withLock {
            $0.panels.insert(panel, for: key, cost: panel.html.utf8.count + Self.panelOverhead)
        }
        return panel
    }

    /// Whether showing one of the `pages` of the pager `pagerKey` that
    /// `shown` picks would now load its data from a file or URL (never
    /// loaded, or its `cacheSeconds` expired): a fetch that may take up to
    /// its timeout. Inline and absent data never need loading. One lock for
    /// all the pages: `FolioApp.mayBlock` asks this on the event loop.
    func needsLoad(
        _ pages: [PageConfiguration], pagerKey: String, where shown: (PageConfiguration) -> Bool
    ) -> Bool {
        let now = clock.now
        return entries.withLock { entries in
            for page in pages where page.source.isExternal && shown(page) {
                guard let entry = entries.data[pagerKey + "/" + page.key] else { return true }
                // The same test as `loadDataIfNeeded`, which reloads unless `expires > now`.
                if let expires = entry.expires, expires <= now { return true }
            }
            return false
        }
    }

    /// Makes sure a page's data is loaded (used for the `load` effect, so
    /// a URL is fetched when the page is first shown, not before).
    func loadIfNeeded(_ page: PageConfiguration, of pager: PagerConfiguration) {
        _ = loadDataIfNeeded(page, of: pager, now: clock.now)
    }

    private func loadDataIfNeeded(_ page: PageConfiguration, of pager: PagerConfiguration, now: Double)
        -> DataEntry
    {
        let key = pager.key + "/" + page.key
        if let entry = entries.withLock({ $0.data[key] }), entry.expires.map({ $0 > now }) ?? true {
            return entry
        }
        // Loaded outside the lock: a slow URL must not stall other pages.
        let entry = Self.load(page.source, now: now)
        entries.withLock { entries in
            entries.data[key] = entry
            entries.generation += 1
            entries.panels.removeAll { key, _ in key.pager == pager.key && key.page == page.key }
            // New data may change how the template uses the count: test again.
            entries.countIndependent.remove(key)
            entries.countChecked.remove(key)
        }
        return entry
    }

    private static func load(_ source: PageSource, now: Double) -> DataEntry {
        switch source {
        case .none:
            return DataEntry(globals: [:])
        case .inline(let json):
            return decode(Data(json.utf8), expires: nil, origin: "inline data")
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return DataEntry(globals: [:], error: "The data file \(path) cannot be read.")
            }
            return decode(data, expires: nil, origin: path)
        case .url(let url, let cacheSeconds, let timeoutSeconds):
            do {
                let data = try URLFetcher.fetch(url, timeout: timeoutSeconds)
                return decode(data, expires: now + cacheSeconds, origin: url.absoluteString)
            } catch {
                return DataEntry(
                    globals: [:],
                    error: "This page's data could not be fetched from \(url.absoluteString): \(error).",
                    expires: now + min(cacheSeconds, failureRetrySeconds))
            }
        }
    }

    private static func decode(_ data: Data, expires: Double?, origin: String) -> DataEntry {
        do {
            guard case .object(let object) = try TemplateValue(json: data) else {
                return DataEntry(
                    globals: [:], error: "The data from \(origin) is not a JSON object.", expires: expires)
            }
            var globals: [String: TemplateValue] = [:]
            for (key, value) in zip(object.keys, object.values) { globals[key] = value }
            return DataEntry(globals: globals, expires: expires)
        } catch {
            return DataEntry(
                globals: [:], error: "The data from \(origin) is not valid JSON: \(error).", expires: expires)
        }
    }

    /// The panel shown when a page's data or template fails.
    static func errorPanel(_ message: String) -> String {
        """
        <div class="folio-panel-error" role="alert"><p class="folio-panel-error-title">这一页暂时无法显示。\
        This page cannot be shown right now.</p><p class="folio-panel-error-message">\
        \(HTMLText.escaped(message))</p></div>
        """
    }
}
