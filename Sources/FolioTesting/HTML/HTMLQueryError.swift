import Testing

/// Why a query on an ``HTMLDocument`` failed. Its description is written
/// for a test log: what was asked, where, and the HTML nearest to it; for a
/// failed `expect…` check it starts with the caller's `file:line:`.
public struct HTMLQueryError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure; may grow.
    enum Kind: Sendable {
        case unparsable(source: String)
        case invalidXPath(xpath: String, reason: String)
        case notNodes(xpath: String, value: String)
        case noMatch(xpath: String, source: String, nearestXPath: String?, fragment: String)
        case mismatch(
            what: String, xpath: String, expected: String, actual: String, source: String, fragment: String)
    }

    let kind: Kind

    /// The call of the `expect…` check that failed, if one did.
    public private(set) var sourceLocation: SourceLocation?

    init(_ kind: Kind) { self.kind = kind }

    /// The same error, reported at `location`.
    func located(at location: SourceLocation) -> HTMLQueryError {
        var copy = self
        copy.sourceLocation = location
        return copy
    }

    /// The XPath expression that failed, if the failure was a query.
    public var xpath: String? {
        switch kind {
        case .unparsable: nil
        case .invalidXPath(let xpath, _), .notNodes(let xpath, _), .noMatch(let xpath, _, _, _),
            .mismatch(_, let xpath, _, _, _, _):
            xpath
        }
    }

    /// The HTML printed with the failure (the nearest match), if any.
    public var fragment: String? {
        switch kind {
        case .noMatch(_, _, _, let fragment), .mismatch(_, _, _, _, _, let fragment): fragment
        default: nil
        }
    }

    /// A message for the test log, with the relevant HTML.
    public var description: String {
        guard let location = sourceLocation else { return message }
        return "\(location.filePath):\(location.line): \(message)"
    }

    private var message: String {
        switch kind {
        case .unparsable(let source):
            return "\(source) could not be parsed as HTML (empty?)"
        case .invalidXPath(let xpath, let reason):
            return "invalid XPath \(xpath): \(reason)"
        case .notNodes(let xpath, let value):
            return "XPath \(xpath) selects no nodes but a value (\(value)): use evaluate(_:)"
        case .noMatch(let xpath, let source, let nearest, let fragment):
            let near =
                nearest.map { "the nearest query that matches is \($0):" }
                ?? "nothing near it matches; the page starts:"
            return "no node matches \(xpath) in \(source);\n\(near)\n\(fragment)"
        case .mismatch(let what, let xpath, let expected, let actual, let source, let fragment):
            return "\(what) of \(xpath) in \(source) is \(actual), expected \(expected):\n\(fragment)"
        }
    }
}
