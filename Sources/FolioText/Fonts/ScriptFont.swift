/// A font the page adds to its title family, "Folio Sans", for a script
/// DejaVu Sans does not have, limited by CSS `unicode-range` to that
/// script's blocks (`Public/folio.css` lists the same ranges; a test checks
/// they agree).
public struct ScriptFont: Sendable, Equatable {
    /// The file's name in `<public>/fonts/` and in the system's Noto folder.
    public let fileName: String
    /// The code points the page lets this font draw.
    public let ranges: [ClosedRange<UInt32>]

    /// Noto Sans Devanagari, for Devanagari and its extensions (and the
    /// rupee sign).
    public static let devanagari = ScriptFont(
        fileName: "NotoSansDevanagari-Regular.ttf",
        ranges: [0x0900...0x097F, 0x1CD0...0x1CFF, 0x20B9...0x20B9, 0xA8E0...0xA8FF])

    /// Noto Sans Thai, for the Thai block.
    public static let thai = ScriptFont(fileName: "NotoSansThai-Regular.ttf", ranges: [0x0E00...0x0E7F])

    /// The script fonts of the title family, in the page's order.
    public static let all = [devanagari, thai]

    /// Whether the page lets this font draw `scalar`.
    func allows(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) }
    }
}
