import CLibXML2

/// A parsed HTML page to query with XPath, as a browser's DOM would see it.
///
/// Parsed with libxml2's HTML parser in recovery mode: HTML5 elements and
/// small mistakes are kept as written, never rejected. Query it with
/// ``nodes(_:)``, ``node(_:)``, ``text(_:)``, ``attribute(_:of:)`` or
/// ``evaluate(_:)``; a query that finds nothing throws an ``HTMLQueryError``
/// whose description prints the part of the page closest to what was asked.
///
/// ```swift
/// let doc = try HTMLDocument(html: page.text)
/// let tab = try doc.node("//*[@role='tab'][@aria-selected='true']")
/// #expect(tab.text == "视频")
/// ```
///
/// Wraps a C `xmlDoc`: not `Sendable`; use it on one task.
public final class HTMLDocument {
    let pointer: xmlDocPtr
    /// Where the HTML came from (`GET /essence/video → 200`), for messages.
    public let source: String

    /// Parses `html` (UTF-8).
    /// - Parameters:
    ///   - html: The page's text.
    ///   - source: Where it came from, printed in failure messages. Default `"HTML"`.
    /// - Throws: ``HTMLQueryError`` only when libxml2 cannot build a document
    ///   at all (empty input).
    public convenience init(html: String, source: String = "HTML") throws(HTMLQueryError) {
        try self.init(bytes: Array(html.utf8), source: source)
    }

    /// Parses UTF-8 bytes, such as a response body.
    /// - Throws: ``HTMLQueryError`` when libxml2 cannot build a document (empty input).
    public init(bytes: [UInt8], source: String = "HTML") throws(HTMLQueryError) {
        xmlInitParser()
        let options = Int32(
            bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
            }
        }
        guard let parsed else { throw HTMLQueryError(.unparsable(source: source)) }
        pointer = parsed
        self.source = source
    }

    /// An empty document (no root element), for answers without a body.
    init(emptyWithSource source: String) {
        xmlInitParser()
        guard let empty = htmlNewDocNoDtD(nil, nil) else {
            fatalError("libxml2 could not allocate a document")
        }
        pointer = empty
        self.source = source
    }

    deinit { xmlFreeDoc(pointer) }

    /// The `<html>` element (or whatever the page's root element is).
    public var root: HTMLNode? {
        xmlDocGetRootElement(pointer).map { HTMLNode(document: self, pointer: $0) }
    }

    /// The whole document as HTML, as libxml2 serializes it.
    public var html: String { root?.html ?? "" }

    /// Every node `xpath` selects, in document order; empty when none.
    /// - Throws: ``HTMLQueryError`` when `xpath` is not a valid XPath 1.0
    ///   expression or selects something other than nodes (`count(...)`:
    ///   use ``evaluate(_:)``).
    public func nodes(_ xpath: String) throws(HTMLQueryError) -> [HTMLNode] {
        try XPath.nodes(xpath, in: self, context: nil)
    }

    /// The first node `xpath` selects.
    /// - Throws: ``HTMLQueryError`` when nothing matches, printing the part
    ///   of the page the query came closest to; or when `xpath` is invalid.
    public func node(_ xpath: String) throws(HTMLQueryError) -> HTMLNode {
        guard let first = try nodes(xpath).first else { throw noMatch(xpath) }
        return first
    }

    /// The text content of the first node `xpath` selects, with runs of
    /// white space collapsed to one space and the ends trimmed.
    /// - Throws: ``HTMLQueryError`` when nothing matches or `xpath` is invalid.
    public func text(_ xpath: String) throws(HTMLQueryError) -> String {
        try node(xpath).text
    }

    /// The value of attribute `name` on the first node `xpath` selects, or
    /// `nil` when that node has no such attribute.
    /// - Throws: ``HTMLQueryError`` when nothing matches or `xpath` is invalid.
    public func attribute(_ name: String, of xpath: String) throws(HTMLQueryError) -> String? {
        try node(xpath)[name]
    }

    /// Evaluates any XPath 1.0 expression: node sets, `count(...)`,
    /// `string(...)`, comparisons.
    /// - Throws: ``HTMLQueryError`` when `xpath` is invalid.
    public func evaluate(_ xpath: String) throws(HTMLQueryError) -> XPathValue {
        try XPath.evaluate(xpath, in: self, context: nil)
    }

    /// The error for a query that matched nothing, with the nearest fragment.
    func noMatch(_ xpath: String, under context: HTMLNode? = nil) -> HTMLQueryError {
        let near = XPathRelaxation.nearestMatch(for: xpath, in: self, context: context)
        return HTMLQueryError(
            .noMatch(
                xpath: xpath, source: source, nearestXPath: near?.xpath,
                fragment: near.map { HTMLFragment.excerpt($0.nodes) }
                    ?? HTMLFragment.excerpt(root.map { [$0] } ?? [])
            ))
    }
}
