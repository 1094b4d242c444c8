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
        case .page: "page.html"
        case .fragment: "fragment.html"
        }
    }
}

/// Renders pager pages, caching the bytes of every (view, pager, selection,
/// loaded pages, shown counts) combination: what differs per session
/// otherwise is only the CSRF token, which is spliced into the cached chunks
/// per response (written with one `writev`), so a request renders nothing.
final class PagerRenderer: Sendable {
    /// Rendered once with this in place of the token, then split there.
    static let tokenPlaceholder = "folioCsrfPlaceholder7d3e9a41c5b2"
    /// Bound on the bytes of cached renderings: pages differ by shown
    /// counts too, so a long-running server meets ever new ones.
    static let defaultCacheBytes = 8 << 20
    /// What an entry costs besides its bytes (key, arrays, dictionary slot).
    private static let entryOverhead = 256

    private struct Key: Hashable {
        var view: PagerView
        var pager: String
        var selected: Int
        var loaded: [Bool]
        var shownCounts: [Int]
        var generation: Int
    }

    private struct Entry {
        var chunks: [[UInt8]]
        var expires: Double?
    }

    private let templates: TemplateSet
    private let site: SiteContext
    private let content: PageContentStore
    private let cache: LockedValue<ByteBoundedCache<Key, Entry>>

    init(
        templates: TemplateSet, site: SiteContext, content: PageContentStore,
        cacheBytes: Int = defaultCacheBytes
    ) {
        self.templates = templates
        self.site = site
        self.content = content
        cache = LockedValue(ByteBoundedCache(byteLimit: cacheBytes))
    }

    /// The bytes of renderings cached now (at most the limit given at init).
    var cachedBytes: Int { cache.withLock { $0.byteCount } }

    /// The response body parts for one session's view of a pager.
    /// - Parameters:
    ///   - token: The session's CSRF token bytes, spliced where the form needs it.
    ///   - now: The time, to notice panels whose URL data expired.
    /// - Throws: `TemplateError` when the page template fails.
    func render(
        _ view: PagerView, pager: PagerConfiguration, layout: PagerLayout, record: PagerRecord,
        token: [UInt8],
        now: Double
    ) throws(TemplateError) -> [[UInt8]] {
        let state = record.state
        let (countSensitive, generation) = content.cacheKeyInputs(of: pager)
        let key = Key(
            view: view, pager: pager.key, selected: state.selectedIndex,
            loaded: pager.pages.map { state.isLoaded($0.key) },
            shownCounts: zip(pager.pages, countSensitive).map { page, matters in
                matters ? record.shownCounts[page.key] ?? 0 : 0
            }, generation: generation)
        let cached = cache.withLock { $0.value(for: key) }
        let chunks: [[UInt8]]
        if let cached, cached.expires.map({ $0 > now }) ?? true {
            chunks = cached.chunks
        } else {
            let entry = try renderEntry(view, pager: pager, layout: layout, record: record, key: key)
            let cost = entry.chunks.reduce(Self.entryOverhead) { $0 + $1.count }
            // The generation may have moved while rendering: file it under
            // the one it was rendered with; a stale key just ages out.
            cache.withLock { $0.insert(entry, for: key, cost: cost) }
            chunks = entry.chunks
        }
        var parts: [[UInt8]] = []
        parts.reserveCapacity(chunks.count * 2)
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { parts.append(token) }
            parts.append(chunk)
        }
        return parts
    }

    private func renderEntry(
        _ view: PagerView, pager: PagerConfiguration, layout: PagerLayout, record: PagerRecord, key: Key
    ) throws(TemplateError) -> Entry {
        var expires: Double?
        var panels: [String?] = []
        for (index, page) in pager.pages.enumerated() {
            guard key.loaded[index] else {
                panels.append(nil)
                continue
            }
            let panel = content.panel(page, of: pager, shownCount: record.shownCounts[page.key] ?? 0)
            if let panelExpiry = panel.expires { expires = min(expires ?? panelExpiry, panelExpiry) }
            panels.append(panel.html)
        }
        let model = PagerViewModel.make(
            pager, layout: layout, record: record, panels: panels, csrf: Self.tokenPlaceholder, site: site)
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        try templates.template(named: view.templateName).render(
            ["site": site.templateValue, "pager": model], into: &output)
        return Entry(
            chunks: ByteChunks.split(output, at: Array(Self.tokenPlaceholder.utf8)), expires: expires)
    }
}
