import FolioCore

/// One change of a live pager, framed once as Server-Sent Events for every
/// tab that gets it: the page's new panel (or, for a page of tiles, only
/// the tiles that changed) and badge for tabs that loaded the page, the
/// badge alone for the others.
struct LiveEvent: Sendable {
    /// Its place in the channel's sequence (the `N` of the id `EPOCH-N`).
    let sequence: Int
    /// The page that changed.
    let page: String
    /// The event with the panel (`event: page`).
    let withPanel: [UInt8]
    /// The event without the panel, for tabs that have not loaded the page;
    /// nil when the page has no badge (those tabs get nothing).
    let badgeOnly: [UInt8]?

    /// The largest panel sent inside an event (64 KiB); a larger one is
    /// announced with `"fetch": true` and the tab fetches it from the
    /// panel route, so no event comes near a stream's output limit.
    static let inlinePanelLimit = 64 << 10

    /// - Parameters:
    ///   - tiled: The panel cut into its tiles, when it is a page of tiles.
    ///   - previous: The tiles of this page's previous event on the channel
    ///     and its sequence number: when both are there, only the tiles that
    ///     changed go out (``tilesPayload(page:base:panel:previous:badge:)``).
    init(
        sequence: Int, epoch: String, page: String, html: String, tiled: TiledPanel? = nil,
        previous: (sequence: Int, panel: TiledPanel)? = nil, badge: Int?, hasBadge: Bool
    ) {
        self.sequence = sequence
        self.page = page
        let id = "\(epoch)-\(sequence)"
        let changedTiles = tiled.flatMap { tiled in
            previous.flatMap { previous in
                Self.tilesPayload(
                    page: page, base: "\(epoch)-\(previous.sequence)", panel: tiled, previous: previous.panel,
                    badge: badge)
            }
        }
        // The whole panel applies to any tab: the changed tiles go only when they are less to send.
        // Its payload is longer than the panel itself, so it is written only when that does not settle it.
        let whole = { Self.payload(page: page, html: html, badge: badge) }
        let inlined = html.utf8.count <= Self.inlinePanelLimit
        let smaller = changedTiles.flatMap { tiles in
            !inlined || tiles.count < html.utf8.count || tiles.count < whole().count ? tiles : nil
        }
        withPanel = Self.frame(id: id, event: "page", smaller ?? whole())
        badgeOnly =
            hasBadge
            ? Self.frame(id: id, event: "page", Self.payload(page: page, html: nil, badge: badge)) : nil
    }

    /// The bytes this event sends to a tab that loaded `pages`, or nil.
    func bytes(for pages: Set<String>) -> [UInt8]? {
        pages.contains(page) ? withPanel : badgeOnly
    }

    /// `{"page":…,"html":…,"badge":…}`; `badge` is null when the data has
    /// no count; `html` is left out of a badge-only event.
    /// `{"fetch":true}` instead of `html` when the panel is over the
    /// inline limit, or `inline` is false (a snapshot over its budget).
    /// `state` (a snapshot's) is the id of the event whose panel `html` is,
    /// byte for byte, so the tab may apply the changed tiles of the next.
    static func payload(
        page: String, html: String?, badge: Int?, inline: Bool = true, state: String? = nil
    ) -> [UInt8] {
        var json = JSONBytes(capacity: 64 + min(html?.utf8.count ?? 0, inlinePanelLimit))
        json.raw("{")
        json.key("page")
        json.string(page)
        if let html {
            json.raw(",")
            if inline && html.utf8.count <= inlinePanelLimit {
                json.key("html")
                json.string(html)
                if let state {
                    json.raw(",")
                    json.key("state")
                    json.string(state)
                }
            } else {
                json.key("fetch")
                json.raw("true")
            }
        }
        return closed(&json, badge: badge)
    }

    /// Ends an event's JSON with its `badge` (null when the data has no count).
    static func closed(_ json: inout JSONBytes, badge: Int?) -> [UInt8] {
        json.raw(",")
        json.key("badge")
        if let badge { json.integer(badge) } else { json.raw("null") }
        json.raw("}")
        return json.bytes
    }

    /// An SSE event: JSON escapes line breaks, so one `data:` line holds it.
    static func frame(id: String?, event: String, _ json: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + 64)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        bytes += Array("event: \(event)\ndata: ".utf8)
        bytes += json
        bytes += [0x0A, 0x0A]
        return bytes
    }
}
