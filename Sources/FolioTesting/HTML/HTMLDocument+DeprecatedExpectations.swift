import Testing

/// The spellings before the expect family took `of:` for the XPath
/// everywhere; they forward, so existing tests still compile.
extension HTMLDocument {
    /// Use ``expectText(of:equals:sourceLocation:)``.
    @available(*, deprecated, renamed: "expectText(of:equals:sourceLocation:)")
    @discardableResult
    public func expectText(
        _ xpath: String, equals expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try expectText(of: xpath, equals: expected, sourceLocation: sourceLocation)
    }

    /// Use ``expectCount(of:equals:sourceLocation:)``.
    @available(*, deprecated, renamed: "expectCount(of:equals:sourceLocation:)")
    @discardableResult
    public func expectCount(
        _ xpath: String, equals expected: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws(HTMLQueryError) -> Bool {
        try expectCount(of: xpath, equals: expected, sourceLocation: sourceLocation)
    }
}
