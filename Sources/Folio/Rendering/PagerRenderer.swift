import FolioCore
import FolioSync
import FolioTemplate

/// What a pager response shows.
enum PagerView: Hashable, Sendable {
    /// The whole document (`page.html`).
    case page
    /// The pager section alone (`fragment.html`), for swaps and inclusion.
    case fragment

    var templateName: String {
        switch self {
        case .page: Self.pageTemplate
        case .fragment: Self.fragmentTemplate
        }
    }

    // The templates Folio itself renders, named once (`FolioCheck.requiredTemplates`).
    static let pageTemplate = "page.html"
    static let fragmentTemplate = "fragment.html"
    static let indexTemplate = "index.html"
    static let errorTemplate = "error.html"
}

/// What differs per response in a form otherwise shared by every visitor
/// with the same view: spliced into the cached bytes, never rendered.
struct ResponseFormFields: Sendable {
    /// The CSRF token: the session's, or a signed one for a visitor without a session.
    var csrfToken: [UInt8]
    /// Where the click's answer sends the visitor back to (an embedding
    /// page), already HTML-escaped; empty for the pager's own page.
    var returnTarget: [UInt8] = []
    /// A wall screen's head elements (`RotationHead`), already markup;
    /// empty for every other view.
    var wallScreen: [UInt8] = []
}

/// Renders pager pages, caching the bytes of every (view, pager, selection,
/// loaded pages, shown counts) combination: what differs per visitor
/// otherwise is only the form's token and return target, which are spliced
/// into the cached chunks per response (written with one `writev`), so a
/// request renders nothing.
final class PagerRenderer: Sendable {
    /// Rendered once with these in place of the token and return target, then split there.
    static let tokenPlaceholder = "folioCsrfPlaceholder7d3e9a41c5b2"
    static let returnPlaceholder = "folioReturnPlaceholder0b8f52c61e"
    static let wallScreenPlaceholder = "folioWallScreenPlaceholder5a1c9e"
    private static let placeholders = [
        Array(tokenPlaceholder.utf8), Array(returnPlaceholder.utf8), Array(wallScreenPlaceholder.utf8),
    ]
    /// Bound on the bytes of cached renderings: pages differ by shown
    /// counts too, so a long-running server meets ever new ones.
    static let defaultCacheBytes = 8 << 20
    /// What an entry costs besides its bytes (key, arrays, dictionary slot).
    private static let entryOverhead = 256

    /// What a rendering depends on. Only loaded pages have a panel, so only
    /// their counts can matter: a key costs the loaded pages, not every tab.
    private struct Key: Hashable {
        var view: PagerView
        var pager: String
        var selected: Int
        /// The loaded pages' indices.
        var loaded: PageIndexSet
        /// For each of `loaded`, ascending, its shown count when its panel
        /// shows it, else 0; empty when no loaded panel shows a count.
        var shownCounts: [Int]
        var generation: Int
        var notice: PagerNotice?
    }

    private struct Entry {
        var chunks: [[UInt8]]
        /// Which placeholder stood between `chunks[i]` and `chunks[i + 1]`.
        var slots: [Int]
        var expires: Double?
    }

    private let templates: TemplateSet
    private let site: SiteContext
    private let content: PageContentStore
    /// Live pagers' newest event ids, which their pages carry (nil in tests without).
    private let live: LiveHub?
    /// Read by every view: a hit in the recent generation only takes the read lock.
    private let cache: ReadWriteLockedValue<ByteBoundedCache<Key, Entry>>

    init(
        templates: TemplateSet, site: SiteContext, content: PageContentStore, live: LiveHub? = nil,
        cacheBytes: Int = defaultCacheBytes
    ) {
        self.templates = templates
        self.site = site
        self.content = content
        self.live = live
        cache = ReadWriteLockedValue(ByteBoundedCache(byteLimit: cacheBytes))
    }

    /// The bytes of renderings cached now (at most the limit given at init).
    var cachedBytes: Int { cache.withReadLock { $0.byteCount } }

    /// The response body parts for one visitor's view of a pager.
    /// - Parameters:
    ///   - fields: The token and return target, spliced where the form needs them.
    ///   - now: The time, to notice panels whose URL data expired.
    ///   - notice: A sentence above the bar, nil (default) for none.
    /// - Throws: `TemplateError` when the page template fails.
    func render(
        _ view: PagerView, _ resolved: ResolvedPager, record: PagerRecord, fields: ResponseFormFields,
        now: Double, notice: PagerNotice? = nil
    ) throws(TemplateError) -> [[UInt8]] {
        let pager = resolved.configuration
        let state = record.state
        let (countSensitive, generation) = content.cacheKeyInputs(of: pager)
        // Counts only where a panel shows one: each array made here was
        // an allocation per view.
        var loaded = PageIndexSet()
        for key in state.loadedKeys {
            if let index = resolved.pageIndex(key) { loaded.insert(index) }
        }
        var shownCounts: [Int] = []
        if loaded.contains(where: { countSensitive[$0] }) {
            shownCounts = loaded.map { index in
                countSensitive[index] ? record.shownCounts[pager.pages[index].key] ?? 0 : 0
            }
        }
        let key = Key(
            view: view, pager: pager.cacheName, selected: state.selectedIndex, loaded: loaded,
            shownCounts: shownCounts, generation: generation, notice: notice)
        let cached =
            cache.withReadLock { $0.recentValue(for: key) } ?? cache.withWriteLock { $0.value(for: key) }
        let entry: Entry
        if let cached, cached.expires.map({ $0 > now }) ?? true {
            entry = cached
        } else {
            entry = try renderEntry(view, resolved, record: record, key: key, now: now)
            let cost = entry.chunks.reduce(Self.entryOverhead) { $0 + $1.count }
            // The generation may have moved while rendering: file it under
            // the one it was rendered with; a stale key just ages out.
            cache.withWriteLock { $0.insert(entry, for: key, cost: cost) }
        }
        var parts: [[UInt8]] = []
        parts.reserveCapacity(entry.chunks.count * 2)
        for (index, chunk) in entry.chunks.enumerated() {
            if index > 0 {
                let field =
                    switch entry.slots[index - 1] {
                    case 0: fields.csrfToken
                    case 1: fields.returnTarget
                    default: fields.wallScreen
                    }
                // An empty field (no return target, no wall screen) is no part to write.
                if !field.isEmpty { parts.append(field) }
            }
            parts.append(chunk)
        }
        return parts
    }

    private func renderEntry(
        _ view: PagerView, _ resolved: ResolvedPager, record: PagerRecord, key: Key, now: Double
    ) throws(TemplateError) -> Entry {
        let pager = resolved.configuration
        var expires: Double?
        var panels: [String?] = []
        var liveStates: [String?] = []
        for (index, page) in pager.pages.enumerated() {
            guard key.loaded.contains(index) else {
                panels.append(nil)
                liveStates.append(nil)
                continue
            }
            let panel = content.panel(
                page, of: pager, shownCount: record.shownCounts[page.key] ?? 0, now: now)
            if let panelExpiry = panel.expires { expires = min(expires ?? panelExpiry, panelExpiry) }
            panels.append(panel.html)
            // A page of tiles' panel as its last live event left it: the next event's changed tiles apply to it.
            liveStates.append(live?.panelState(pager, page: page.key, bytes: panel.bytes))
        }
        content.loadBadgeData(of: pager)
        let model = PagerViewModel.make(
            PagerProjection(resolved, record: record, site: site), pager: pager, panels: panels,
            csrf: Self.tokenPlaceholder, returnTarget: Self.returnPlaceholder,
            wallScreen: Self.wallScreenPlaceholder, site: site,
            badges: content.badges(of: pager), lastEventID: live?.channel(pager)?.lastEventID,
            notice: key.notice, liveStates: liveStates)
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        // The chrome's own `format:`s, if a user's pager.html has any, speak the pager's language.
        let environment = TemplateFormatEnvironment(language: pager.lang ?? site.lang, now: now)
        try templates.template(named: view.templateName).render(
            ["site": site.templateValue, "pager": model], into: &output, formatEnvironment: environment)
        let (chunks, slots) = ByteChunks.split(output, at: Self.placeholders)
        return Entry(chunks: chunks, slots: slots, expires: expires)
    }
}
