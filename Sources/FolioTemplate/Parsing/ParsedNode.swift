/// The namespace a name's prefix resolves to.
enum TemplateNamespace: Sendable, Equatable {
    case html, tal, metal

    static let talURI = "http://xml.zope.org/namespaces/tal"
    static let metalURI = "http://xml.zope.org/namespaces/metal"
}

/// One attribute as written in the template.
struct ParsedAttribute {
    /// The name as written (`tal:content`, `class`).
    var name: String
    /// The part after the prefix, lower-cased (`content`, `class`).
    var localName: String
    /// The resolved namespace: `tal:`/`metal:` prefixes, or ones bound with
    /// `xmlns:p`; unprefixed attributes on `<tal:*>` elements are TAL too.
    var namespace: TemplateNamespace
    /// The value with character references decoded; nil when written bare.
    var value: String?
    /// Byte offset of the name, for error positions.
    var offset: Int
    /// Whether this is an `xmlns:p` binding for TAL or METAL (dropped from output).
    var bindsTemplateNamespace = false
}

/// How an element's end was written.
enum ElementEnd {
    case explicit  // </p>
    case implied  // closed by a later tag: write an end tag
    case endOfFile  // still open at the end: write nothing
    case selfClosing  // <li/>
    case void  // <br>
}

/// An element as parsed: a mutable tree only the parser and compiler see.
final class ParsedElement {
    let name: String
    let lowerName: String
    let namespace: TemplateNamespace
    var attributes: [ParsedAttribute]
    var children: [ParsedNode] = []
    let offset: Int
    var end = ElementEnd.endOfFile
    /// Prefixes bound by this element's `xmlns:p` attributes.
    var bindings: [(prefix: String, namespace: TemplateNamespace)] = []

    init(name: String, namespace: TemplateNamespace, attributes: [ParsedAttribute], offset: Int) {
        self.name = name
        self.lowerName = name.lowercased()
        self.namespace = namespace
        self.attributes = attributes
        self.offset = offset
    }

    /// Whether the element carries TAL or METAL statements (so it must be
    /// closed explicitly) or is itself a `tal:`/`metal:` element.
    var hasStatements: Bool {
        attributes.contains { $0.namespace != .html }
    }
}

/// A node of the parsed tree.
enum ParsedNode {
    /// Text as written (entities are left alone: they pass through).
    case text([UInt8])
    /// A comment, doctype, processing instruction or CDATA section, as written.
    case markup([UInt8])
    case element(ParsedElement)
}
