import FolioSync
import Foundation
import Testing

@testable import Folio

/// A grid as `tiles.html` draws it, with `note` before it.
private func grid(_ tiles: [(String, String)], note: String = "") -> String {
    note + #"<div class="folio-tiles">"#
        + tiles.map { #"<article class="folio-tile" id="folio-tile-\#($0.0)"><p>\#($0.1)</p></article>"# }
        .joined() + "</div>"
}

private func cut(_ html: String) -> TiledPanel? { TiledPanel(Array(html.utf8)) }

/// The JSON of the one event a channel sent a tab that loaded `page`.
private func sentData(_ channel: LiveChannel, page: String, html: String) -> [String: Any] {
    let sink = DataSink()
    let number = channel.subscribe(sink, pages: [page], seen: channel.nextSequence - 1)
    channel.publish(page: page, html: html, tiled: cut(html), badge: nil, hasBadge: false)
    channel.unsubscribe(number)
    return sink.lastData
}

private final class DataSink: LiveSink {
    private let sent = LockedValue<[[UInt8]]>([])
    func send(_ bytes: [UInt8]) -> Bool {
        sent.withLock { $0.append(bytes) }
        return true
    }
    func finish() {}
    var lastData: [String: Any] {
        let text = String(decoding: sent.withLock { $0.last ?? [] }, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }),
            let object = try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8))
        else { return [:] }
        return object as? [String: Any] ?? [:]
    }
}

@Suite struct TiledPanelTests {
    @Test func aGridIsCutIntoItsTilesAndWhatSitsAroundIt() throws {
        let html = grid([("a", "1"), ("b", "2")], note: #"<p class="note">old</p>"#)
        let panel = try #require(cut(html))
        #expect(panel.tiles.map(\.id) == ["folio-tile-a", "folio-tile-b"])
        #expect(
            panel.markup(panel.tiles[1])
                == #"<article class="folio-tile" id="folio-tile-b"><p>2</p></article>"#)
        #expect(panel.beforeText == #"<p class="note">old</p>"#)
        #expect(panel.afterText == "")
    }

    @Test func markupThatLooksLikeATileBoundaryInsideATileDoesNotCutIt() throws {
        let inside =
            #"<svg><style>a>b{}</style></svg><!-- </article> --><span title="</article> > x">y</span>"#
            + #"<article class="nested"><p>n</p></article>"#
        let panel = try #require(cut(grid([("a", inside), ("b", "2")])))
        #expect(panel.tiles.map(\.id) == ["folio-tile-a", "folio-tile-b"])
        #expect(panel.markup(panel.tiles[0]).hasSuffix("</article></p></article>"))
    }

    @Test func otherShapesAreNotCut() {
        #expect(cut("<p>no grid</p>") == nil)
        #expect(cut(#"<div class="folio-tiles"><p>not a tile</p></div>"#) == nil)
        #expect(cut(grid([("a", "1"), ("a", "2")])) == nil, "the same id twice")
        #expect(
            cut(#"<div class="folio-tiles"><article class="folio-tile"><p>no id</p></article></div>"#) == nil)
        #expect(cut(#"<div class="folio-tiles"><article class="folio-tile" id="folio-tile-a"><p>cut"#) == nil)
    }

    @Test func onlyTheTilesThatChangedAreSentKeyedToThePagesPreviousEvent() {
        let channel = LiveChannel(pager: "ops", shownPages: ["overview"], epoch: "run1")
        let big = String(repeating: "9", count: 2000)
        let first = sentData(channel, page: "overview", html: grid([("a", "1"), ("b", big), ("c", "3")]))
        #expect(first["html"] is String && first["base"] == nil, "no previous event: the whole panel")

        let html = grid([("a", "1"), ("b", big), ("c", "4")])
        let second = sentData(channel, page: "overview", html: html)
        #expect(second["base"] as? String == "run1-1")
        #expect(second["order"] as? [String] == ["folio-tile-a", "folio-tile-b", "folio-tile-c"])
        #expect(
            second["tiles"] as? [String: String] == [
                "folio-tile-c": #"<article class="folio-tile" id="folio-tile-c"><p>4</p></article>"#
            ])
        #expect(second["html"] == nil && second["before"] == nil && second["fetch"] as? Bool == true)
        #expect(channel.panelState(of: "overview", bytes: Array(html.utf8)) == "run1-2")
        #expect(channel.panelState(of: "overview", bytes: Array((html + " ").utf8)) == nil)

        let noted = sentData(
            channel, page: "overview", html: grid([("c", "4"), ("a", "1"), ("b", big)], note: "<p>stale</p>"))
        #expect(noted["base"] as? String == "run1-2")
        #expect((noted["tiles"] as? [String: String])?.isEmpty == true)
        #expect(noted["order"] as? [String] == ["folio-tile-c", "folio-tile-a", "folio-tile-b"])
        #expect(noted["before"] as? String == "<p>stale</p>" && noted["after"] as? String == "")
    }

    @Test func aChangeOfEveryTileOrOfAPageNotOfTilesGoesOutWhole() {
        let channel = LiveChannel(pager: "ops", shownPages: ["overview"], epoch: "run1")
        _ = sentData(channel, page: "overview", html: grid([("a", "1"), ("b", "2")]))
        let all = sentData(channel, page: "overview", html: grid([("a", "3"), ("b", "4")]))
        #expect(all["html"] is String && all["base"] == nil, "no smaller than the panel")
        let error = sentData(channel, page: "overview", html: "<p>error</p>")
        #expect(error["html"] as? String == "<p>error</p>")
        #expect(channel.panelState(of: "overview", bytes: Array("<p>error</p>".utf8)) == nil)
        let back = sentData(channel, page: "overview", html: grid([("a", "3"), ("b", "5")]))
        #expect(back["html"] is String && back["base"] == nil, "nothing to build on after an error panel")
    }

    @Test func changedTilesOverTheInlineLimitAreFetched() {
        let channel = LiveChannel(pager: "ops", shownPages: ["overview"], epoch: "run1")
        let huge = { (digit: String) in String(repeating: digit, count: LiveEvent.inlinePanelLimit) }
        _ = sentData(channel, page: "overview", html: grid([("a", huge("1")), ("b", huge("2"))]))
        let changed = sentData(channel, page: "overview", html: grid([("a", huge("3")), ("b", huge("2"))]))
        #expect(changed["fetch"] as? Bool == true && changed["tiles"] == nil && changed["html"] == nil)
    }
}
