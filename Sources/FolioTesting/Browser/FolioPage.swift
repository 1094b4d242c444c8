import FolioHTTP

/// One answer as a browser received it: status, headers, body, and the
/// body parsed as HTML for XPath queries.
///
/// Query it directly (`page.node(...)`, `page.text(...)`) or through
/// ``document``; read the pager's stable hooks with ``pager(_:)``.
public final class FolioPage {
    /// The method of the request that produced this answer (`GET` after a 303).
    public let method: HTTPMethod
    /// The path (and query) that was asked for, base path included.
    public let path: String
    /// The answer's status.
    public let status: HTTPStatus
    /// The answer's header fields.
    public let headers: HTTPHeaders
    /// The body's bytes.
    public let body: [UInt8]
    /// The body parsed as HTML (an empty document for an empty body).
    public let document: HTMLDocument

    init(method: HTTPMethod, path: String, response: HTTPResponse) {
        self.method = method
        self.path = path
        status = response.status
        headers = response.headers
        body = response.body.collectedBytes() ?? []
        let source = "\(method.rawValue) \(path) → \(response.status.code)"
        // Parsing fails only for an empty body (a 303, a 204): that is an empty document.
        document = (try? HTMLDocument(bytes: body, source: source)) ?? HTMLDocument(emptyWithSource: source)
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `"GET /essence/video → 200"`, as failure messages name the page.
    public var source: String { document.source }

    /// Every node `xpath` selects (see ``HTMLDocument/nodes(_:)``).
    /// - Throws: ``HTMLQueryError`` for an invalid expression.
    public func nodes(_ xpath: String) throws(HTMLQueryError) -> [HTMLNode] { try document.nodes(xpath) }

    /// The first node `xpath` selects.
    /// - Throws: ``HTMLQueryError`` printing the nearest fragment when nothing matches.
    public func node(_ xpath: String) throws(HTMLQueryError) -> HTMLNode { try document.node(xpath) }

    /// The collapsed text of the first node `xpath` selects.
    /// - Throws: ``HTMLQueryError`` when nothing matches.
    public func text(_ xpath: String) throws(HTMLQueryError) -> String { try document.text(xpath) }

    /// Attribute `name` of the first node `xpath` selects.
    /// - Throws: ``HTMLQueryError`` when nothing matches.
    public func attribute(_ name: String, of xpath: String) throws(HTMLQueryError) -> String? {
        try document.attribute(name, of: xpath)
    }

    /// The pager `key` on this page (the first pager when `nil`), read from
    /// the markup's stable hooks.
    /// - Throws: ``FolioBrowserError`` when the page has no such pager,
    ///   printing the start of the page.
    public func pager(_ key: String? = nil) throws(FolioBrowserError) -> PagerMarkup {
        let xpath =
            key.map { "//section[contains(concat(' ', @class, ' '), ' folio-pager ')][@data-pager='\($0)']" }
            ?? "//section[contains(concat(' ', @class, ' '), ' folio-pager ')][@data-pager]"
        let sections: [HTMLNode]
        do {
            sections = try document.nodes(xpath)
        } catch {
            throw FolioBrowserError(.query(error))
        }
        guard let section = sections.first else {
            let start = document.root.map { HTMLFragment.excerpt([$0]) } ?? ""
            throw FolioBrowserError(.noPager(key, source: source, fragment: start))
        }
        do {
            return try PagerMarkup(section: section)
        } catch {
            throw FolioBrowserError(.query(error))
        }
    }
}
