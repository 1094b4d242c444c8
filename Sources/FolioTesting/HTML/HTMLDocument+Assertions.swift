/// Checks that throw an ``HTMLQueryError`` printing the relevant HTML when
/// they fail, for any test framework: `try doc.expectText(...)`.
extension HTMLDocument {
    /// Checks the text of the first node `xpath` selects (white space collapsed).
    /// - Throws: ``HTMLQueryError`` when nothing matches or the text differs;
    ///   its description prints the matched node.
    public func expectText(_ xpath: String, equals expected: String) throws(HTMLQueryError) {
        let found = try node(xpath)
        guard found.text == expected else {
            throw mismatch("the text", xpath, expected: quoted(expected), actual: quoted(found.text), [found])
        }
    }

    /// Checks the value of attribute `name` on the first node `xpath` selects;
    /// `nil` expects the attribute to be absent.
    /// - Throws: ``HTMLQueryError`` when nothing matches or the value differs.
    public func expectAttribute(_ name: String, of xpath: String, equals expected: String?)
        throws(HTMLQueryError)
    {
        let found = try node(xpath)
        let actual = found[name]
        guard actual == expected else {
            throw mismatch(
                "attribute \(name)", xpath, expected: expected.map(quoted) ?? "absent",
                actual: actual.map(quoted) ?? "absent", [found])
        }
    }

    /// Checks how many nodes `xpath` selects.
    /// - Throws: ``HTMLQueryError`` when the count differs; it prints the
    ///   matches (or, for none, the nearest match).
    public func expectCount(_ xpath: String, equals expected: Int) throws(HTMLQueryError) {
        let found = try nodes(xpath)
        guard found.count == expected else {
            if found.isEmpty, expected > 0 { throw noMatch(xpath) }
            throw mismatch(
                "the number of matches", xpath, expected: "\(expected)", actual: "\(found.count)", found)
        }
    }

    /// Checks that `xpath` selects nothing.
    /// - Throws: ``HTMLQueryError`` printing what it did select.
    public func expectNoMatch(_ xpath: String) throws(HTMLQueryError) {
        try expectCount(xpath, equals: 0)
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
