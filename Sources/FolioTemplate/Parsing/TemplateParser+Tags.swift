/// Start tags, end tags and HTML's implied end tags.
extension TemplateParser {
    mutating func readStartTag() throws(TemplateError) {
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
        // The compiler and renderer recurse once per level; a bound keeps a
        // hostile or broken template an error instead of a stack overflow.
        if stack.count >= TemplateParser.maximumDepth {
            throw error(
                at: tagOffset,
                "elements nest deeper than \(TemplateParser.maximumDepth) levels; close some of them")
        }
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

    mutating func readAttributeValue(for name: String) throws(TemplateError) -> String {
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

    mutating func readRawText(of element: ParsedElement) throws(TemplateError) {
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

    mutating func readEndTag() throws(TemplateError) {
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

    mutating func closeImplicitly(_ element: ParsedElement, by cause: String) throws(TemplateError) {
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
    mutating func closeImplied(before element: ParsedElement) throws(TemplateError) {
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

    mutating func pop() {
        let element = stack.removeLast()
        bindings.removeLast(element.bindings.count)
    }

    mutating func append(_ node: ParsedNode) {
        if let parent = stack.last {
            parent.children.append(node)
        } else {
            roots.append(node)
        }
    }
}
