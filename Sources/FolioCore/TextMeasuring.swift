/// Measures the advance width of a line of text.
///
/// FolioCore declares it so layout stays pure; FolioText implements it with
/// FreeType, and tests supply fixed widths.
public protocol TextMeasuring: Sendable {
    /// The advance width of `text` drawn at `fontSize`, in CSS pixels.
    /// - Parameters:
    ///   - text: One line of text; no wrapping is applied.
    ///   - fontSize: The font size in CSS pixels.
    func width(of text: String, fontSize: Double) -> Double

    /// Whether the widths include the font's pair kerning and ligatures, so
    /// the page must let the browser apply them (`font-kerning: auto`);
    /// when false the page turns both off for titles.
    var measuresKerning: Bool { get }
}

extension TextMeasuring {
    /// False: a measurer kerns only when it says so.
    public var measuresKerning: Bool { false }
}
