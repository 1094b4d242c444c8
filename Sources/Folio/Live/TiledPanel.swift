/// A page of tiles' rendered panel cut into its tiles, so a live change can
/// send only the tiles whose markup changed.
///
/// `tiles.html` draws a stable shape: what sits before the grid (a
/// stale-data note), `<div class="folio-tiles">`, one
/// `<article … id="folio-tile-KEY">…</article>` per tile and nothing else,
/// `</div>`, and what sits after. Markup of any other shape is not cut
/// (`init` fails), and its page's changes go out whole as before.
struct TiledPanel: Sendable {
    /// One tile: its element id and where its `<article>` lies in `bytes`.
    struct Tile: Sendable {
        let id: String
        let range: Range<Int>
    }

    /// The whole panel, as the template wrote it.
    let bytes: [UInt8]
    /// The panel's bytes before the grid's opening tag.
    let before: Range<Int>
    /// The panel's bytes after the grid's closing tag.
    let after: Range<Int>
    /// The tiles in the order they are drawn, each id once.
    let tiles: [Tile]

    private static let gridOpening = Array(#"<div class="folio-tiles">"#.utf8)
    private static let gridClosing = Array("</div>".utf8)

    /// Cuts `bytes`, or fails when they are not a grid of tiles as `tiles.html` draws it.
    init?(_ bytes: [UInt8]) {
        guard let gridStart = bytes.firstIndex(of: Self.gridOpening) else { return nil }
        var scanner = TileMarkupScanner(bytes: bytes, position: gridStart + Self.gridOpening.count)
        var tiles: [Tile] = []
        var ids = Set<String>()
        while let tile = scanner.nextTile() {
            guard ids.insert(tile.id).inserted else { return nil }
            tiles.append(tile)
        }
        guard !scanner.failed, scanner.startsWith(Self.gridClosing) else { return nil }
        self.bytes = bytes
        before = 0..<gridStart
        after = (scanner.position + Self.gridClosing.count)..<bytes.count
        self.tiles = tiles
    }

    /// The markup of `tile`, as text.
    func markup(_ tile: Tile) -> String { String(decoding: bytes[tile.range], as: UTF8.self) }

    /// What sits before the grid, as text.
    var beforeText: String { String(decoding: bytes[before], as: UTF8.self) }

    /// What sits after the grid, as text.
    var afterText: String { String(decoding: bytes[after], as: UTF8.self) }

    /// Whether what sits around the grid is the same in `other`.
    func sameAround(as other: TiledPanel) -> Bool {
        bytes[before].elementsEqual(other.bytes[other.before])
            && bytes[after].elementsEqual(other.bytes[other.after])
    }

    /// The tiles of this panel whose markup is not that of the tile with
    /// the same id in `previous` (every tile `previous` lacks).
    func tilesChanged(since previous: TiledPanel) -> [Tile] {
        var earlier: [String: Range<Int>] = [:]
        for tile in previous.tiles { earlier[tile.id] = tile.range }
        return tiles.filter { tile in
            guard let range = earlier[tile.id] else { return true }
            return !bytes[tile.range].elementsEqual(previous.bytes[range])
        }
    }
}
