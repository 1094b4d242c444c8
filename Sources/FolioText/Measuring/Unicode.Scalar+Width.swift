extension Unicode.Scalar {
    /// True for scalars that draw nothing and take no room: combining marks
    /// (general categories Mn and Me, which includes variation selectors) and
    /// format characters (Cf: zero-width space and joiners, soft hyphen,
    /// direction marks, byte-order mark).
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// True for scalars of East Asian Width W or F (UAX #11) that CJK fonts
    /// draw 1 em wide: Han ideographs, kana, hangul, bopomofo, Yi, CJK
    /// symbols and punctuation, full-width forms. Emoji, also W in UAX #11,
    /// are left out: colour emoji fonts do not draw them 1 em wide.
    var isEastAsianWide: Bool {
        let value = self.value
        return Self.eastAsianWideRanges.contains { $0.contains(value) }
    }

    /// The W and F ranges of EastAsianWidth.txt that hold CJK text, merged
    /// across unassigned gaps (a gap has no glyph in any font anyway).
    /// Checked against Python's `unicodedata` (Unicode 14) over every
    /// assigned scalar: the only W or F scalars left out are emoji.
    private static let eastAsianWideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo, leading consonants
        0x2329...0x232A,  // left and right-pointing angle brackets (CJK)
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
        0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
        0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
        0x4E00...0xA4CF,  // CJK unified ideographs, Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // full-width ASCII and punctuation
        0xFFE0...0xFFE6,  // full-width signs
        0x16FE0...0x18D7F,  // ideographic symbols, Tangut, Khitan, Tangut supplement
        0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G and H
    ]
}
