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
    private let bytes: [UInt8]
    private let file: String
    private var offset = 0
    private var stack: [ParsedElement] = []
    private var roots: [ParsedNode] = []
    /// Prefix bindings in scope, innermost last.
    private var bindings: [(prefix: String, namespace: TemplateNamespace)] = []

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

    private enum MarkupKind {
        case comment, declaration, processingInstruction, cdata, startTag, endTag
    }

    private func markupKind(at position: Int) -> MarkupKind? {
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

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    private func error(at position: Int, _ message: String) -> TemplateError {
        let location = SourceLocation(bytes: bytes, offset: position)
        return TemplateError(file: file, line: location.line, column: location.column, message: message)
    }

    private func find(_ terminator: [UInt8], from start: Int) -> Int? {
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

    private mutating func readUntil(_ terminator: String, what: String) throws(TemplateError) {
        let end = Array(terminator.utf8)
        guard let found = find(end, from: offset + 2) else {
            throw error(at: offset, "unterminated \(what): expected '\(terminator)'")
        }
        append(.markup(Array(bytes[offset..<found + end.count])))
        offset = found + end.count
    }

    private mutating func readName() -> String {
        let start = offset
        while offset < bytes.count, isNameByte(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
    }

    // MARK: - Tags

    private mutating func readStartTag() throws(TemplateError) {
        let tagOffset = offset
        offset += 1
        let name = readName()
        var attributes: [ParsedAttribute] = []
        var selfClosing = false
        while true {
            skipSpace()
            guard offset < bytes.count else {
                throw error(at: tagOffset, "unterminated start tag <\(name): expected '>'")
            }
            let byte = bytes[offset]
            if byte == UInt8(ascii: ">") {
                offset += 1
                break
            }
            if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") {
                offset += 2
                selfClosing = true
                break
            }
            if byte == UInt8(ascii: "<") {
                throw error(at: offset, "'<' inside the start tag <\(name)>: is a '>' missing?")
            }
            let attributeOffset = offset
            var attributeName = readName()
            if attributeName.isEmpty {
                attributeName = String(decoding: [byte], as: UTF8.self)
                offset += 1
            }
            skipSpace()
            var value: String?
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "=") {
                offset += 1
                skipSpace()
                value = try readAttributeValue(for: attributeName)
            }
            if attributes.contains(where: { $0.name.lowercased() == attributeName.lowercased() }) {
                throw error(at: attributeOffset, "duplicate attribute '\(attributeName)' on <\(name)>")
            }
            attributes.append(
                ParsedAttribute(
                    name: attributeName, localName: "", namespace: .html, value: value,
                    offset: attributeOffset))
        }
        let element = try makeElement(name: name, attributes: attributes, offset: tagOffset)
        try closeImplied(before: element)
        append(.element(element))
        if HTMLVocabulary.voidElements.contains(element.lowerName) {
            element.end = .void
            return
        }
        if selfClosing {
            element.end = .selfClosing
            return
        }
        stack.append(element)
        bindings.append(contentsOf: element.bindings)
        if HTMLVocabulary.rawTextElements.contains(element.lowerName) {
            try readRawText(of: element)
        }
    }

    private mutating func readAttributeValue(for name: String) throws(TemplateError) -> String {
        guard offset < bytes.count else { throw error(at: offset, "attribute '\(name)' has no value") }
        let quote = bytes[offset]
        let start: Int
        let end: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            start = offset + 1
            guard let close = bytes[start...].firstIndex(of: quote) else {
                throw error(at: offset, "unterminated value of attribute '\(name)': missing closing quote")
            }
            end = close
            offset = close + 1
        } else {
            start = offset
            while offset < bytes.count, !isSpace(bytes[offset]), bytes[offset] != UInt8(ascii: ">") {
                offset += 1
            }
            end = offset
        }
        return EntityDecoder.decode(bytes[start..<end])
    }

    private mutating func readRawText(of element: ParsedElement) throws(TemplateError) {
        let closing = Array("</\(element.lowerName)".utf8)
        var position = offset
        while position + closing.count <= bytes.count {
            if bytes[position] == UInt8(ascii: "<"),
                bytes[position..<position + closing.count].map({ $0 | 0x20 }).elementsEqual(
                    closing.map { $0 | 0x20 })
            {
                if offset < position { element.children.append(.text(Array(bytes[offset..<position]))) }
                offset = position
                return
            }
            position += 1
        }
        throw error(at: element.offset, "<\(element.name)> is never closed: add </\(element.name)>")
    }

    private mutating func readEndTag() throws(TemplateError) {
        let tagOffset = offset
        offset += 2
        let name = readName()
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw error(at: tagOffset, "malformed end tag </\(name): expected '>'")
        }
        offset += 1
        let lower = name.lowercased()
        if HTMLVocabulary.voidElements.contains(lower) {
            throw error(at: tagOffset, "</\(name)> closes a void element, which has no end tag: remove it")
        }
        guard let index = stack.lastIndex(where: { $0.lowerName == lower }) else {
            let open = stack.last.map { " (the innermost open element is <\($0.name)>)" } ?? ""
            throw error(at: tagOffset, "end tag </\(name)> matches no open element\(open)")
        }
        while stack.count > index + 1 {
            try closeImplicitly(stack.last!, by: "</\(name)>")
        }
        stack[index].end = .explicit
        pop()
    }

    private mutating func closeImplicitly(_ element: ParsedElement, by cause: String) throws(TemplateError) {
        if element.hasStatements {
            throw error(
                at: element.offset,
                "<\(element.name)> carries TAL/METAL attributes, so it needs an explicit </\(element.name)>"
                    + " before \(cause)")
        }
        element.end = .implied
        pop()
    }

    /// Applies HTML's implied end tags before a new start tag.
    private mutating func closeImplied(before element: ParsedElement) throws(TemplateError) {
        let tag = element.lowerName
        if HTMLVocabulary.voidElements.contains(tag) { return }
        var closeTo = -1
        if let closers = HTMLVocabulary.closedBy[tag] {
            for (index, open) in stack.enumerated() {
                if closers.contains(open.lowerName) {
                    if closeTo == -1 { closeTo = index }
                } else if HTMLVocabulary.blockElements.contains(open.lowerName) {
                    closeTo = -1
                }
            }
        } else if HTMLVocabulary.paragraphElements.contains(tag) || HTMLVocabulary.blockElements.contains(tag)
        {
            var index = stack.count - 1
            while index >= 0 {
                let open = stack[index].lowerName
                if HTMLVocabulary.blockElements.contains(open) { break }
                if open == "p" { closeTo = index }
                index -= 1
            }
        }
        guard closeTo >= 0 else { return }
        while stack.count > closeTo {
            try closeImplicitly(stack.last!, by: "<\(element.name)>")
        }
    }

    private mutating func pop() {
        let element = stack.removeLast()
        bindings.removeLast(element.bindings.count)
    }

    private mutating func append(_ node: ParsedNode) {
        if let parent = stack.last {
            parent.children.append(node)
        } else {
            roots.append(node)
        }
    }

    // MARK: - Namespaces

    private func namespace(ofPrefix prefix: String, extra: [(prefix: String, namespace: TemplateNamespace)])
        -> TemplateNamespace
    {
        if let bound = extra.last(where: { $0.prefix == prefix })
            ?? bindings.last(where: { $0.prefix == prefix })
        {
            return bound.namespace
        }
        switch prefix {
        case "tal": return .tal
        case "metal": return .metal
        default: return .html
        }
    }

    private func makeElement(name: String, attributes: [ParsedAttribute], offset: Int) throws(TemplateError)
        -> ParsedElement
    {
        var own: [(prefix: String, namespace: TemplateNamespace)] = []
        var attributes = attributes
        for index in attributes.indices {
            let lower = attributes[index].name.lowercased()
            guard lower.hasPrefix("xmlns:") else { continue }
            let uri = attributes[index].value ?? ""
            if uri == TemplateNamespace.talURI || uri == TemplateNamespace.metalURI {
                own.append((String(lower.dropFirst(6)), uri == TemplateNamespace.talURI ? .tal : .metal))
                attributes[index].bindsTemplateNamespace = true
            }
        }
        let lowerName = name.lowercased()
        var elementNamespace = TemplateNamespace.html
        if let colon = lowerName.firstIndex(of: ":") {
            elementNamespace = namespace(ofPrefix: String(lowerName[..<colon]), extra: own)
        }
        for index in attributes.indices where !attributes[index].bindsTemplateNamespace {
            let lower = attributes[index].name.lowercased()
            if let colon = lower.firstIndex(of: ":") {
                let space = namespace(ofPrefix: String(lower[..<colon]), extra: own)
                attributes[index].namespace = space
                attributes[index].localName =
                    space == .html ? lower : String(lower[lower.index(after: colon)...])
            } else {
                attributes[index].namespace = elementNamespace
                attributes[index].localName = lower
            }
        }
        var seen: Set<String> = []
        for attribute in attributes where attribute.namespace != .html {
            let key = (attribute.namespace == .tal ? "tal:" : "metal:") + attribute.localName
            if !seen.insert(key).inserted {
                throw error(at: attribute.offset, "\(key) appears twice on <\(name)>: keep one")
            }
        }
        let element = ParsedElement(
            name: name, namespace: elementNamespace, attributes: attributes, offset: offset)
        element.bindings = own
        return element
    }
}
