/// Reads the `<article>` elements of a tile grid one after the other, as
/// HTML's tokenizer would see their tags: quoted attribute values, comments
/// and the raw text of `<style>` and `<script>` never end or start a tile.
/// A tile is an `article` with an `id` of plain characters; anything else
/// where a tile should be ends the reading (`nextTile` gives nil).
struct TileMarkupScanner {
    let bytes: [UInt8]
    private(set) var position: Int
    /// Set when the markup broke off inside a tile, or a tile lacked a plain id.
    private(set) var failed = false

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private static let less = UInt8(ascii: "<")
    private static let greater = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")

    /// Whether the bytes at the position are `prefix`.
    func startsWith(_ prefix: [UInt8], at index: Int? = nil) -> Bool {
        let start = index ?? position
        return start + prefix.count <= bytes.count
            && bytes[start..<(start + prefix.count)].elementsEqual(prefix)
    }

    /// The tile at the position, moving past it; nil when none starts there.
    mutating func nextTile() -> TiledPanel.Tile? {
        let start = position
        guard let opening = tagName(at: start), isName(opening, Self.article) else { return nil }
        guard let (id, afterOpening) = openingTag(at: start), let id, Self.isPlain(id) else {
            failed = true
            return nil
        }
        var index = afterOpening
        var depth = 1
        while depth > 0 {
            guard let next = bytes[index...].firstIndex(of: Self.less) else {
                failed = true
                return nil
            }
            if startsWith(Self.commentOpening, at: next) {
                guard let end = bytes.firstIndex(of: Self.commentClosing, from: next + 4) else {
                    failed = true
                    return nil
                }
                index = end + 3
                continue
            }
            let closing = next + 1 < bytes.count && bytes[next + 1] == Self.slash
            guard let name = tagName(at: closing ? next + 1 : next) else {
                index = next + 1  // a bare "<" in text
                continue
            }
            guard let (_, afterTag) = openingTag(at: closing ? next + 1 : next) else {
                failed = true
                return nil
            }
            index = afterTag
            if isName(name, Self.article) { depth += closing ? -1 : 1 }
            if !closing,
                let rawTextEnd = isName(name, Self.script)
                    ? Self.scriptEnd : isName(name, Self.style) ? Self.styleEnd : nil
            {
                // Raw text: only its own end tag ends it.
                guard let end = bytes.firstIndex(of: rawTextEnd, from: index) else {
                    failed = true
                    return nil
                }
                index = end
            }
        }
        position = index
        return TiledPanel.Tile(id: id, range: start..<index)
    }

    private static let article = Array("article".utf8)
    private static let script = Array("script".utf8)
    private static let style = Array("style".utf8)
    private static let id = Array("id".utf8)
    private static let scriptEnd = Array("</script".utf8)
    private static let styleEnd = Array("</style".utf8)
    private static let commentOpening = Array("<!--".utf8)
    private static let commentClosing = Array("-->".utf8)

    /// Whether the bytes in `range` are `name` (lowercase), in any case.
    private func isName(_ range: Range<Int>, _ name: [UInt8]) -> Bool {
        range.count == name.count && zip(bytes[range], name).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Where the name of the tag whose `<` is at `index` lies (for a
    /// closing tag, `index` is at its `/`), nil when no tag starts there.
    private func tagName(at index: Int) -> Range<Int>? {
        guard index < bytes.count, bytes[index] == Self.less || bytes[index] == Self.slash else { return nil }
        var end = index + 1
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        guard end > index + 1, end < bytes.count, Self.endsName(bytes[end]) else { return nil }
        return (index + 1)..<end
    }

    /// The `id` attribute of the tag starting at `index`, if any, and the
    /// index just past the tag's `>`; nil when the markup ends inside it.
    private func openingTag(at index: Int) -> (id: String?, end: Int)? {
        var cursor = index + 1
        while cursor < bytes.count, Self.isNameByte(bytes[cursor]) { cursor += 1 }
        var id: String?
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == Self.greater { return (id, cursor + 1) }
            if Self.isSpace(byte) || byte == Self.slash {
                cursor += 1
                continue
            }
            let nameStart = cursor
            while cursor < bytes.count, !Self.endsName(bytes[cursor]), bytes[cursor] != UInt8(ascii: "=") {
                cursor += 1
            }
            let isID = isName(nameStart..<cursor, Self.id)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            guard cursor < bytes.count else { return nil }
            let valueStart: Int
            let valueEnd: Int
            if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                let quote = bytes[cursor]
                guard let close = bytes[(cursor + 1)...].firstIndex(of: quote) else { return nil }
                valueStart = cursor + 1
                valueEnd = close
                cursor = close + 1
            } else {
                valueStart = cursor
                while cursor < bytes.count, !Self.isSpace(bytes[cursor]), bytes[cursor] != Self.greater {
                    cursor += 1
                }
                valueEnd = cursor
            }
            if isID { id = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self) }
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }

    private static func endsName(_ byte: UInt8) -> Bool { isSpace(byte) || byte == greater || byte == slash }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// An id folio.js can look up as written: no character references, quotes or spaces.
    private static func isPlain(_ id: String) -> Bool {
        !id.isEmpty
            && !id.utf8.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || isSpace($0) }
    }
}
