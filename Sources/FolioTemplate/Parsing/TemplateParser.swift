/// Reads template markup into a ``ParsedNode`` tree, strictly.
///
/// Why not libxml2's HTML parser for this step: libxml2 2.9 drops element
/// prefixes (`<tal:block>` becomes `<block>`), implies `<html><body>` around
/// fragments and `<p>` around text, and silently repairs stray or mis-nested
/// end tags. A template language needs the markup exactly as written and
/// must reject what it cannot honour, so this small tokenizer reads the
/// markup and libxml2 does what it does well: decoding HTML's named
/// character references (``EntityDecoder``). libxml2 also checks the
/// server's HTML in tests (XPath, in FolioTesting).
///
/// The rules are zope.tal's HTML mode: tag names are case-insensitive;
/// `<p>`, `<li>`, `<dt>`, `<dd>`, `<td>`, `<th>`, `<tr>` close where HTML 4
/// implies; an end tag closes everything opened after its start tag; a stray
/// end tag, an end tag of a void element, and an element with TAL or METAL
/// attributes that is not closed explicitly are errors.
struct TemplateParser {
    /// The deepest nesting of open elements a template may have. Browsers
    /// cap their DOM trees at a similar depth (Chromium's parser at 512).
    static let maximumDepth = 512

    let bytes: [UInt8]
    let file: String
    var offset = 0
    var stack: [ParsedElement] = []
    var roots: [ParsedNode] = []
    /// Prefix bindings in scope, innermost last.
    var bindings: [(prefix: String, namespace: TemplateNamespace)] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses the whole template.
    /// - Throws: ``TemplateError`` at the first markup it cannot accept.
    mutating func parse() throws(TemplateError) -> [ParsedNode] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        var textStart = offset
        while offset < bytes.count {
            guard bytes[offset] == UInt8(ascii: "<"), let kind = markupKind(at: offset) else {
                offset += 1
                continue
            }
            if textStart < offset { append(.text(Array(bytes[textStart..<offset]))) }
            switch kind {
            case .comment: try readUntil("-->", what: "comment")
            case .declaration: try readUntil(">", what: "declaration")
            case .processingInstruction: try readUntil(">", what: "processing instruction")
            case .cdata: try readUntil("]]>", what: "CDATA section")
            case .startTag: try readStartTag()
            case .endTag: try readEndTag()
            }
            textStart = offset
        }
        if textStart < offset { append(.text(Array(bytes[textStart..<offset]))) }
        while let open = stack.last {
            if open.hasStatements {
                throw error(
                    at: open.offset,
                    "<\(open.name)> carries TAL/METAL attributes but is never closed: add </\(open.name)>")
            }
            open.end = .endOfFile
            pop()
        }
        return roots
    }

    // MARK: - Tokens

    enum MarkupKind {
        case comment, declaration, processingInstruction, cdata, startTag, endTag
    }

    func markupKind(at position: Int) -> MarkupKind? {
        guard position + 1 < bytes.count else { return nil }
        let next = bytes[position + 1]
        if isLetter(next) { return .startTag }
        if next == UInt8(ascii: "/"), position + 2 < bytes.count, isLetter(bytes[position + 2]) {
            return .endTag
        }
        if next == UInt8(ascii: "?") { return .processingInstruction }
        if next == UInt8(ascii: "!") {
            if bytes[position...].starts(with: Array("<!--".utf8)) { return .comment }
            if bytes[position...].starts(with: Array("<![CDATA[".utf8)) { return .cdata }
            return .declaration
        }
        return nil
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    func error(at position: Int, _ message: String) -> TemplateError {
        let location = SourceLocation(bytes: bytes, offset: position)
        return TemplateError(file: file, line: location.line, column: location.column, message: message)
    }

    func find(_ terminator: [UInt8], from start: Int) -> Int? {
        guard let first = terminator.first, terminator.count <= bytes.count else { return nil }
        var position = start
        while position + terminator.count <= bytes.count {
            if bytes[position] == first,
                bytes[position..<position + terminator.count].elementsEqual(terminator)
            {
                return position
            }
            position += 1
        }
        return nil
    }

    mutating func readUntil(_ terminator: String, what: String) throws(TemplateError) {
        let end = Array(terminator.utf8)
        guard let found = find(end, from: offset + 2) else {
            throw error(at: offset, "unterminated \(what): expected '\(terminator)'")
        }
        append(.markup(Array(bytes[offset..<found + end.count])))
        offset = found + end.count
    }

    mutating func readName() -> String {
        let start = offset
        while offset < bytes.count, isNameByte(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func skipSpace() {
        while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
    }
}
