/// The fonts measured by summing advances, when HarfBuzz is not at hand, and
/// the rule that picks the advance of each scalar (documented on
/// ``FontMeasurer``).
///
/// Not `Sendable`: it holds FreeType faces.
struct FontStack {
    /// The font the page serves (DejaVu Sans).
    let primary: FontFace
    /// The page's script fonts (Devanagari, Thai) that were found.
    var scriptFaces: [(font: ScriptFont, face: FontFace)] = []
    /// The font for scalars the primary font lacks, if any.
    let cjk: FontFace?

    /// The advance of `scalar` in ems: 0 for zero-width scalars, else the
    /// primary font's, else a script font's within its range, else the CJK
    /// font's, else 1 em for East-Asian wide scalars, else the primary
    /// font's `.notdef` advance.
    func advanceInEms(of scalar: Unicode.Scalar) -> Double {
        if scalar.isZeroWidth { return 0 }
        if let advance = primary.advanceInEms(of: scalar) { return advance }
        for (font, face) in scriptFaces where font.allows(scalar) {
            if let advance = face.advanceInEms(of: scalar) { return advance }
        }
        if let advance = cjk?.advanceInEms(of: scalar) { return advance }
        if scalar.isEastAsianWide { return 1 }
        return primary.notdefAdvanceInEms
    }
}
