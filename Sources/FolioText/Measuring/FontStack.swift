/// The primary font plus an optional CJK font, and the rule that picks the
/// advance of each scalar (documented on ``FontMeasurer``).
///
/// Not `Sendable`: it holds FreeType faces.
struct FontStack {
    /// The font the page serves (DejaVu Sans).
    let primary: FontFace
    /// The font for scalars the primary font lacks, if any.
    let cjk: FontFace?

    /// The advance of `scalar` in ems: 0 for zero-width scalars, else the
    /// primary font's, else the CJK font's, else 1 em for East-Asian wide
    /// scalars, else the primary font's `.notdef` advance.
    func advanceInEms(of scalar: Unicode.Scalar) -> Double {
        if scalar.isZeroWidth { return 0 }
        if let advance = primary.advanceInEms(of: scalar) { return advance }
        if let advance = cjk?.advanceInEms(of: scalar) { return advance }
        if scalar.isEastAsianWide { return 1 }
        return primary.notdefAdvanceInEms
    }
}
