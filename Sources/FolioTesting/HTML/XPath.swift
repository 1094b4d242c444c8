import CLibXML2

/// What an XPath expression evaluates to.
public enum XPathValue {
    /// A node set, in document order.
    case nodes([HTMLNode])
    /// A string (`string(...)`, `concat(...)`).
    case string(String)
    /// A number (`count(...)`, `sum(...)`).
    case number(Double)
    /// A boolean (`boolean(...)`, comparisons).
    case boolean(Bool)

    /// The value as XPath's `string()` would give it (the first node's text
    /// for a node set).
    public var string: String {
        switch self {
        case .nodes(let nodes): nodes.first?.rawText ?? ""
        case .string(let text): text
        case .number(let number): number == number.rounded() ? String(Int(number)) : String(number)
        case .boolean(let flag): flag ? "true" : "false"
        }
    }

    /// The value as a number, when it is one.
    public var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}

/// Runs XPath 1.0 through libxml2, with errors captured instead of printed.
enum XPath {
    static func nodes(_ xpath: String, in document: HTMLDocument, context: HTMLNode?)
        throws(HTMLQueryError) -> [HTMLNode]
    {
        let value = try evaluate(xpath, in: document, context: context)
        guard case .nodes(let nodes) = value else {
            throw HTMLQueryError(.notNodes(xpath: xpath, value: value.string))
        }
        return nodes
    }

    static func evaluate(_ xpath: String, in document: HTMLDocument, context node: HTMLNode?)
        throws(HTMLQueryError) -> XPathValue
    {
        guard let context = xmlXPathNewContext(document.pointer) else {
            throw HTMLQueryError(.invalidXPath(xpath: xpath, reason: "out of memory"))
        }
        defer { xmlXPathFreeContext(context) }
        if let node { context.pointee.node = node.pointer }
        // A context error handler keeps libxml2 from printing to stderr;
        // the message is read back from lastError.
        context.pointee.error = { _, _ in }
        let expression = Array(xpath.utf8) + [0]
        guard let result = xmlXPathEvalExpression(expression, context) else {
            let reason =
                context.pointee.lastError.message.map { String(cString: $0) } ?? "not an XPath expression"
            throw HTMLQueryError(
                .invalidXPath(xpath: xpath, reason: String(reason.prefix { $0 != "\n" })))
        }
        defer { xmlXPathFreeObject(result) }
        switch result.pointee.type {
        case XPATH_NODESET:
            guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else {
                return .nodes([])
            }
            return .nodes(
                (0..<Int(set.pointee.nodeNr)).compactMap { index in
                    table[index].map { HTMLNode(document: document, pointer: $0) }
                })
        case XPATH_STRING:
            return .string(result.pointee.stringval.map { String(cString: $0) } ?? "")
        case XPATH_NUMBER:
            return .number(result.pointee.floatval)
        case XPATH_BOOLEAN:
            return .boolean(result.pointee.boolval != 0)
        default:
            throw HTMLQueryError(.invalidXPath(xpath: xpath, reason: "unsupported result type"))
        }
    }
}
