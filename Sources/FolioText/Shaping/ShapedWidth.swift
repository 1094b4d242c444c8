/// The width of a shaped text, independent of the size it is drawn at.
///
/// Outline glyphs scale exactly, so their advances add up in ems. Chromium
/// rounds the advance of each bitmap glyph (a colour emoji) to a whole pixel
/// at the drawn size, so those are kept one by one: at 15 px an emoji of
/// Noto Color Emoji (2550/2048 em) is 19 px wide, at 14 px 17 px.
struct ShapedWidth: Equatable {
    /// The sum of the outline glyphs' advances, in ems.
    var outlineEms: Double = 0
    /// Each bitmap glyph's advance, in ems.
    var bitmapEms: [Double] = []

    /// The width in CSS px at `fontSize`.
    func width(at fontSize: Double) -> Double {
        bitmapEms.reduce(outlineEms * fontSize) { $0 + ($1 * fontSize).rounded() }
    }

    static func + (lhs: ShapedWidth, rhs: ShapedWidth) -> ShapedWidth {
        ShapedWidth(outlineEms: lhs.outlineEms + rhs.outlineEms, bitmapEms: lhs.bitmapEms + rhs.bitmapEms)
    }
}
