import FolioCore

extension LiveEvent {
    /// A page of tiles' change as the tiles that changed since the page's
    /// previous event `base`:
    /// `{"page":…,"base":…,"order":[ids],"tiles":{id:html},"before":…,"after":…,"fetch":true,"badge":…}`.
    /// `order` lists every tile's id as now drawn; `tiles` holds the tiles
    /// whose markup changed or is new; `before` and `after` (what sits
    /// around the grid) are there only when they changed. A tab whose panel
    /// is not `base`'s fetches it (`fetch`), as a tab that never learnt
    /// this shape does.
    ///
    /// Nil when the changed tiles would pass the inline limit: the whole
    /// panel is fetched, as before.
    static func tilesPayload(
        page: String, base: String, panel: TiledPanel, previous: TiledPanel, badge: Int?
    ) -> [UInt8]? {
        let changed = panel.tilesChanged(since: previous)
        let aroundChanged = !panel.sameAround(as: previous)
        let sent =
            changed.reduce(0) { $0 + $1.range.count }
            + (aroundChanged ? panel.before.count + panel.after.count : 0)
        guard sent <= inlinePanelLimit else { return nil }
        var json = JSONBytes(capacity: 128 + sent + 32 * panel.tiles.count)
        json.raw("{")
        json.key("page")
        json.string(page)
        json.raw(",")
        json.key("base")
        json.string(base)
        json.raw(",")
        json.key("order")
        json.raw("[")
        for (index, tile) in panel.tiles.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(tile.id)
        }
        json.raw("],")
        json.key("tiles")
        json.raw("{")
        for (index, tile) in changed.enumerated() {
            if index > 0 { json.raw(",") }
            json.key(tile.id)
            json.string(panel.markup(tile))
        }
        json.raw("}")
        if aroundChanged {
            json.raw(",")
            json.key("before")
            json.string(panel.beforeText)
            json.raw(",")
            json.key("after")
            json.string(panel.afterText)
        }
        json.raw(",")
        json.key("fetch")
        json.raw("true")
        return closed(&json, badge: badge)
    }
}
