// The one trimming every module shares (FolioSync is the module they all
// build on): HTTP fields, cookies, CSS values, template attributes.

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: HTTP's
    /// optional whitespace (RFC 9110 §5.6.3), around a cookie or a CSS value.
    public func trimmingSpacesAndTabs() -> Substring { trimming { $0 == 0x20 || $0 == 0x09 } }

    /// The text without leading and trailing spaces, tabs, CRs and LFs:
    /// markup attribute values, which may span lines.
    public func trimmingASCIIWhitespace() -> Substring {
        trimming { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Byte-wise, so a blank followed by a combining mark is still a blank.
    private func trimming(_ isBlank: (UInt8) -> Bool) -> Substring {
        let text = Substring(self)
        var start = text.utf8.startIndex
        var end = text.utf8.endIndex
        while start < end, isBlank(text.utf8[start]) { start = text.utf8.index(after: start) }
        while end > start, isBlank(text.utf8[text.utf8.index(before: end)]) {
            end = text.utf8.index(before: end)
        }
        return Substring(text.utf8[start..<end])
    }
}
