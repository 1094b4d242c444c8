import FolioTemplate

extension PageContentStore {
    /// The tiles of `page` as template data (`tiles` in `tiles.html`), each
    /// from its own data, and when the panel must be drawn again: the
    /// earliest expiry of the data shown, now while a tile is still loading.
    ///
    /// A tile whose data fails or lacks its path shows its own problem; the
    /// others render (a failed page source fails only the tiles reading it).
    func tileGrid(_ page: PageConfiguration, of pager: PagerConfiguration, pageData: PageData)
        -> (tiles: TemplateValue, expires: Double?)
    {
        let words = TileWords.forLanguage(pager.lang ?? language)
        let now = clock.now
        var expires = pageData.expires
        let pageRoot = tileData(pageData, of: pager.key + "/" + page.key)
        // Start every own source first, so their loads overlap and a view waits once, not once per tile.
        for tile in page.tiles where tile.source.isExternal {
            _ = loader.data(
                TileDataName.of(tile, page: page, pager: pager.key), source: tile.source, waiting: false,
                recheckAfter: tile.refreshSeconds)
        }
        let tiles = page.tiles.map { tile -> TemplateValue in
            let model = TileViewModel(
                tile: tile, words: words, language: pager.lang ?? language, now: now,
                rightToLeft: (pager.dir ?? tile.rendering.direction) == .rtl)
            // "7 min ago" must be right without JavaScript too: render it again soon.
            if model.showsRelativeTime { expires = earliest(expires, now + Self.relativeTimeSeconds) }
            guard tile.source != .none else { return model.value(pageRoot) }
            let name = TileDataName.of(tile, page: page, pager: pager.key)
            switch loader.data(name, source: tile.source, recheckAfter: tile.refreshSeconds) {
            case .current(let data):
                expires = earliest(expires, data.expires)
                return model.value(tileData(data, of: name))
            case .stale(let data):
                expires = now
                return model.value(tileData(data, of: name))
            case .loading:
                expires = now
                return model.value(.loading)
            }
        }
        return (.array(tiles), expires)
    }

    /// The tiles by key (`tilesByKey/requests`), for a page's own template
    /// that places each tile itself with `widgets.html`'s `tile` macro.
    static func byKey(_ tiles: TemplateValue) -> TemplateValue {
        guard case .array(let items) = tiles else { return .null }
        return .object(TemplateObject(items.compactMap { tile in tile["key"].map { ($0.text, tile) } }))
    }

    /// Loads the live tiles' own data again now without waiting (with their page's refresh).
    func refreshTiles(_ page: PageConfiguration, of pager: PagerConfiguration) {
        for tile in page.tiles where tile.refreshSeconds != nil {
            loader.refresh(
                TileDataName.of(tile, page: page, pager: pager.key), source: tile.source,
                recheckAfter: tile.refreshSeconds)
        }
    }

    private func tileData(_ data: PageData, of name: String) -> TileData {
        if let error = data.error {
            report("folio: the tile data \(name) cannot be shown: \(error)")
            return .failed
        }
        return .loaded(.object(TemplateObject(data.globals.sorted { $0.key < $1.key })))
    }

    private func earliest(_ first: Double?, _ second: Double?) -> Double? {
        guard let first, let second else { return first ?? second }
        return min(first, second)
    }
}

extension PageConfiguration {
    /// How often a live pager loads this page again: its own `refreshSeconds`,
    /// else its most frequent live tile's; nil when neither is live.
    var liveSeconds: Double? { refreshSeconds ?? tiles.compactMap(\.refreshSeconds).min() }

    /// This page's data from a file, URL or provider (its own, then its
    /// tiles'), under the names (`pager/page`, `pager/page/tile`) a view may wait for.
    func externalData(of pager: String) -> [ExternalData] {
        let own =
            source.isExternal
            ? [ExternalData(name: pager + "/" + key, source: source, recheckAfter: refreshSeconds)] : []
        return own
            + tiles.filter { $0.source.isExternal }.map {
                ExternalData(
                    name: TileDataName.of($0, page: self, pager: pager), source: $0.source,
                    recheckAfter: $0.refreshSeconds)
            }
    }
}
