import CLibXML2

/// One element, attribute or text node of an ``HTMLDocument``.
///
/// Keeps its document alive. Not `Sendable`: it points into C memory.
public struct HTMLNode {
    /// The document the node belongs to.
    public let document: HTMLDocument
    let pointer: xmlNodePtr

    init(document: HTMLDocument, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    /// The element or attribute name in lower case (`button`, `aria-selected`),
    /// `text` for a text node.
    public var name: String {
        guard let name = pointer.pointee.name else { return "" }
        return String(cString: name)
    }

    /// Whether this is an element (not an attribute, text or comment).
    public var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }

    /// The text content with runs of white space collapsed to one space and
    /// the ends trimmed, as a reader sees it. For an attribute, its value.
    public var text: String { Self.collapsingWhiteSpace(rawText) }

    /// The text content exactly as in the document (all descendants' text).
    public var rawText: String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        xmlNodeBufGetContent(buffer, pointer)
        guard let content = xmlBufferContent(buffer) else { return "" }
        return String(cString: content)
    }

    /// The value of attribute `name` (case-insensitive, as HTML), or `nil`.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return attributes.first { $0.name.lowercased() == wanted }?.value
    }

    /// The element's attributes in document order; empty for other nodes.
    public var attributes: [(name: String, value: String)] {
        guard isElement else { return [] }
        var result: [(name: String, value: String)] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            let node = UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)
            result.append((name, HTMLNode(document: document, pointer: node).rawText))
            attribute = current.pointee.next
        }
        return result
    }

    /// The node as HTML (its outer HTML), non-ASCII text kept as UTF-8.
    public var html: String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        if pointer.pointee.type == XML_ATTRIBUTE_NODE {
            return "\(name)=\"\(rawText)\""
        }
        htmlNodeDump(buffer, document.pointer, pointer)
        guard let content = xmlBufferContent(buffer) else { return "" }
        return String(cString: content)
    }

    /// The element's child elements, in order.
    public var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.append(HTMLNode(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return result
    }

    /// The parent element, or `nil` at the root.
    public var parent: HTMLNode? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLNode(document: document, pointer: parent)
    }

    /// Every node `xpath` selects with this node as the context node
    /// (`.//button`, `@id`, `ancestor::section`).
    /// - Throws: ``HTMLQueryError`` when `xpath` is invalid or selects no nodes.
    public func nodes(_ xpath: String) throws(HTMLQueryError) -> [HTMLNode] {
        try XPath.nodes(xpath, in: document, context: self)
    }

    /// The first node `xpath` selects from this node.
    /// - Throws: ``HTMLQueryError`` when nothing matches (printing the nearest
    ///   fragment under this node) or `xpath` is invalid.
    public func node(_ xpath: String) throws(HTMLQueryError) -> HTMLNode {
        guard let first = try nodes(xpath).first else { throw document.noMatch(xpath, under: self) }
        return first
    }

    /// Evaluates an XPath expression with this node as the context node.
    /// - Throws: ``HTMLQueryError`` when `xpath` is invalid.
    public func evaluate(_ xpath: String) throws(HTMLQueryError) -> XPathValue {
        try XPath.evaluate(xpath, in: document, context: self)
    }

    static func collapsingWhiteSpace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }
}

extension HTMLNode: CustomStringConvertible {
    /// The node's HTML, shortened to a few hundred characters.
    public var description: String { HTMLFragment.excerpt([self]) }
}
