import Testing

/// Checks on a page's HTML whose failures print the relevant HTML and
/// point at the line that called them.
///
/// Every check reads as a phrase: what is checked, `of:` the XPath that
/// selects it, `equals:` the value expected (`expectText(of:equals:)`,
/// `expectAttribute(_:of:equals:)`, `expectCount(of:equals:)`).
///
/// Under Swift Testing a failed check records an `Issue` at the caller's
/// `sourceLocation` and returns `false`, so the test goes on, as `#expect`
/// does. Anywhere else (XCTest, a script) it throws the ``HTMLQueryError``,
/// whose description starts with the caller's `file:line`.
extension HTMLDocument {
    /// Checks the text of the first node `xpath` selects (white space collapsed).
    /// - Parameters:
    ///   - xpath: Selects the node; the first match is checked.
    ///   - expected: Its text, white space collapsed.
    ///   - sourceLocation: Where a failure is reported; default the call.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing, when nothing
    ///   matches or the text differs; it prints the matched node.
    @discardableResult
    public func expectText(
        of xpath: String, equals expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try check(at: sourceLocation) { () throws(HTMLQueryError) in
            let found = try node(xpath)
            guard found.text == expected else {
                throw mismatch(
                    "the text", xpath, expected: quoted(expected), actual: quoted(found.text), [found])
            }
        }
    }

    /// Checks the value of attribute `name` on the first node `xpath` selects;
    /// `nil` expects the attribute to be absent.
    /// - Parameters:
    ///   - name: The attribute (`data-selected`).
    ///   - xpath: Selects the node; the first match is checked.
    ///   - expected: Its value, or `nil` for absent.
    ///   - sourceLocation: Where a failure is reported; default the call.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing, when nothing
    ///   matches or the value differs.
    @discardableResult
    public func expectAttribute(
        _ name: String, of xpath: String, equals expected: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try check(at: sourceLocation) { () throws(HTMLQueryError) in
            let found = try node(xpath)
            let actual = found[name]
            guard actual == expected else {
                throw mismatch(
                    "attribute \(name)", xpath, expected: expected.map(quoted) ?? "absent",
                    actual: actual.map(quoted) ?? "absent", [found])
            }
        }
    }

    /// Checks how many nodes `xpath` selects.
    /// - Parameters:
    ///   - xpath: Selects the nodes counted.
    ///   - expected: How many.
    ///   - sourceLocation: Where a failure is reported; default the call.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing, when the count
    ///   differs; it prints the matches (or, for none, the nearest match).
    @discardableResult
    public func expectCount(
        of xpath: String, equals expected: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try check(at: sourceLocation) { () throws(HTMLQueryError) in
            let found = try nodes(xpath)
            guard found.count == expected else {
                if found.isEmpty, expected > 0 { throw noMatch(xpath) }
                throw mismatch(
                    "the number of matches", xpath, expected: "\(expected)", actual: "\(found.count)", found)
            }
        }
    }

    /// Checks that `xpath` selects nothing.
    /// - Parameters:
    ///   - xpath: Should select no node.
    ///   - sourceLocation: Where a failure is reported; default the call.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing, printing what it did select.
    @discardableResult
    public func expectNoMatch(_ xpath: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws(HTMLQueryError) -> Bool
    {
        try expectCount(of: xpath, equals: 0, sourceLocation: sourceLocation)
    }

    /// Runs one check: a failure becomes an `Issue` at `location` under
    /// Swift Testing, else the error thrown, located there.
    private func check(at location: SourceLocation, _ body: () throws(HTMLQueryError) -> Void)
        throws(HTMLQueryError) -> Bool
    {
        do {
            try body()
            return true
        } catch {
            let located = error.located(at: location)
            guard Test.current != nil else { throw located }
            Issue.record(Comment(rawValue: error.description), sourceLocation: location)
            return false
        }
    }

    private func mismatch(
        _ what: String, _ xpath: String, expected: String, actual: String, _ nodes: [HTMLNode]
    )
        -> HTMLQueryError
    {
        HTMLQueryError(
            .mismatch(
                what: what, xpath: xpath, expected: expected, actual: actual, source: source,
                fragment: HTMLFragment.excerpt(nodes)))
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
