/// Markup as UTF-8 bytes, made by code that writes well-formed markup
/// (Folio's charts and data tables): carried into a page as it is, where a
/// `String` would be checked byte by byte on the way in and copied on the
/// way out. Its text is what `structure` writes; without `structure` it is
/// escaped like any text.
public struct TemplateMarkup: Sendable, Hashable {
    /// The markup, UTF-8.
    public let bytes: [UInt8]

    /// Markup from bytes the caller wrote as well-formed UTF-8 markup;
    /// bytes that are not UTF-8 show as U+FFFD when read as text.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The markup as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
