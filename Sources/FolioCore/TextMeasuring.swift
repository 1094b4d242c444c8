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
}
