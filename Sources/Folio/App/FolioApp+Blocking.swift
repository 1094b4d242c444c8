import FolioCore
import FolioHTTP

extension FolioApp {
    /// Whether answering `request` may block, so the server answers it on a
    /// worker thread instead of the event loop: a write to a durable store
    /// (a select or scroll, a new session, a pager state that changes, the
    /// once-a-`touchInterval` note of a session's use) or a page whose file
    /// or URL data must be (re)loaded first. Everything else (static files,
    /// `/healthz`, the index, stylesheets, views of a page already shown with
    /// data at hand) stays on the loop. Errs on the side of true: that is only
    /// slower. Looks, never writes: it reads the session without touching it.
    public func mayBlock(_ request: HTTPRequest) -> Bool {
        guard let route = Route.match(path: request.path, basePath: options.basePath),
            let key = route.pagerKey, let pagerIndex = pagerIndex[key],
            route.allowedMethods.contains(request.method)
        else {
            // The index, health, static files, 404 and 405: nothing to write or fetch.
            return false
        }
        let durable = sessions.storeIsDurable
        switch route {
        case .index, .health, .publicFile, .stylesheet:
            return false
        case .state:
            // Reading a session notes its use, now and then in a write; one
            // not at hand takes a read of the disk.
            guard durable, let cookie = Self.sessionCookie(in: request) else { return false }
            return sessions.peekSession(id: cookie)?.touchDue ?? true
        case .select, .scroll:
            // Saves the new selection; in memory, may still fetch the page it shows.
            return durable || anyPageNeedsLoad(pagerIndex)
        case .pager, .fragment:
            return viewMayBlock(pagerIndex, pageKey: nil, request: request, durable: durable)
        case .page(_, let page):
            return viewMayBlock(pagerIndex, pageKey: page, request: request, durable: durable)
        }
    }

    /// A `GET` of a pager, page or fragment: replays on a copy what
    /// `pageResponse` will do, to see whether it writes or loads.
    private func viewMayBlock(_ pagerIndex: Int, pageKey: String?, request: HTTPRequest, durable: Bool)
        -> Bool
    {
        var target: Int?
        if let pageKey {
            // An unknown page is a 404 before any session is made.
            guard let index = configuration.pagers[pagerIndex].pageIndex(pageKey) else { return false }
            target = index
        }
        let cookie = Self.sessionCookie(in: request)
        let peeked = sessions.peekSession(id: cookie)
        // A HEAD or cross-site view writes nothing: only reads and loads may block.
        let readOnly = Self.savesNothing(request)
        if durable {
            if readOnly {
                // A session named but not at hand is read from disk.
                if cookie != nil && peeked == nil { return true }
            } else {
                // No live session at hand: one is read from disk or created. A due touch: written.
                guard let peeked, !peeked.touchDue else { return true }
            }
        }
        let initial = initialStates[pagerIndex]
        let record: PagerRecord
        if let stored = peeked?.record.pagers[configuration.pagers[pagerIndex].key],
            Self.fits(stored, initial[0])
        {
            record = stored
        } else {
            // First view of this pager in the session: its record is saved.
            if durable && !readOnly { return true }
            record = PagerRecord(state: initial[min(target ?? 0, initial.count - 1)])
        }
        var state = record.state
        do throws(PagerError) {
            if let target {
                _ = try state.select(index: target)
            } else {
                _ = try state.send(.appeared)
            }
        } catch {
            return false
        }
        if durable && !readOnly && state != record.state { return true }
        // The panels rendered are those of the loaded pages (the step's `load` included).
        return pageNeedsLoad(pagerIndex) { state.isLoaded($0.key) }
    }

    /// Whether some page of the pager has file or URL data to (re)load.
    private func anyPageNeedsLoad(_ pagerIndex: Int) -> Bool {
        pageNeedsLoad(pagerIndex) { _ in true }
    }

    /// Whether one of the pager's pages that `shown` picks has data to (re)load.
    /// Reads the configuration in place: copying a `PagerConfiguration` per
    /// request showed up in profiles.
    private func pageNeedsLoad(_ pagerIndex: Int, where shown: (PageConfiguration) -> Bool) -> Bool {
        content.needsLoad(
            configuration.pagers[pagerIndex].pages, pagerKey: configuration.pagers[pagerIndex].key,
            where: shown)
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
