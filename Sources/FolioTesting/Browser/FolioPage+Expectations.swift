import Testing

/// The checks of ``HTMLDocument``, asked of the page's ``FolioPage/document``:
/// `try page.expectText(of: "//h1", equals: "全部")`.
extension FolioPage {
    /// See ``HTMLDocument/expectText(of:equals:sourceLocation:)``.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing when the check fails.
    @discardableResult
    public func expectText(
        of xpath: String, equals expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try document.expectText(of: xpath, equals: expected, sourceLocation: sourceLocation)
    }

    /// See ``HTMLDocument/expectAttribute(_:of:equals:sourceLocation:)``.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing when the check fails.
    @discardableResult
    public func expectAttribute(
        _ name: String, of xpath: String, equals expected: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try document.expectAttribute(name, of: xpath, equals: expected, sourceLocation: sourceLocation)
    }

    /// See ``HTMLDocument/expectCount(of:equals:sourceLocation:)``.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing when the check fails.
    @discardableResult
    public func expectCount(
        of xpath: String, equals expected: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try document.expectCount(of: xpath, equals: expected, sourceLocation: sourceLocation)
    }

    /// See ``HTMLDocument/expectNoMatch(_:sourceLocation:)``.
    /// - Returns: Whether the check passed.
    /// - Throws: ``HTMLQueryError`` outside Swift Testing when the check fails.
    @discardableResult
    public func expectNoMatch(_ xpath: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws(HTMLQueryError) -> Bool
    {
        try document.expectNoMatch(xpath, sourceLocation: sourceLocation)
    }
}
