import FolioCore
import FolioSync

/// Measures text with FreeType from the font file the page serves, so the
/// server's widths match what the browser draws.
///
/// The width of a text is the sum, over its Unicode scalars, of each one's
/// unhinted advance (the font's `hmtx` value, as `FT_LOAD_NO_HINTING`'s
/// `linearHoriAdvance` gives it, read exactly in design units with
/// `FT_LOAD_NO_SCALE`) times `fontSize / unitsPerEm`.
///
/// **No kerning, no ligatures.** Pair kerning and ligatures are not applied.
/// The page's CSS turns both off for titles (`font-kerning: none;
/// font-variant-ligatures: none`) so the browser draws the same sum: with
/// default kerning Chromium draws "AVATAR Wave" 4.9 px narrower at 14 px.
///
/// **Which advance each scalar gets** (the fallback rule):
/// 1. Zero-width scalars (combining marks, variation selectors, format
///    characters such as the zero-width joiner) take 0.
/// 2. A scalar the primary font (DejaVu Sans) has takes its advance.
/// 3. Else, when a CJK font is configured or found, a scalar it has takes its
///    advance (Noto Sans CJK draws ideographs, kana and hangul syllables
///    1 em, half-width katakana 1/2 em).
/// 4. Else East-Asian wide and full-width scalars (ideographs, kana, hangul,
///    bopomofo, CJK punctuation, full-width forms; UAX #11 W and F) take
///    exactly 1 em, the advance every CJK font gives ideographs.
/// 5. Else the primary font's `.notdef` advance (the box a browser draws
///    when no font has the character).
///
/// Text is measured as given: one line, no whitespace collapsing, no bidi
/// reordering (which does not change a sum of advances).
///
/// Thread-safe: the FreeType faces and the caches sit behind one `LockedValue`.
public final class FontMeasurer: TextMeasuring, Sendable {
    /// How many texts (and, separately, scalars) are cached when the
    /// initialiser is not told otherwise: 4096.
    public static let defaultCacheLimit = 4096

    /// The primary font file.
    public let fontFile: String
    /// The CJK font file, or nil when CJK scalars the primary font lacks
    /// fall back to 1 em.
    public let cjkFontFile: String?
    /// The family name of the CJK face used, such as "Noto Sans CJK SC"
    /// (the SC face of a collection), or nil without a CJK font.
    public let cjkFamilyName: String?

    private let state: LockedValue<MeasuringState>

    /// Opens the fonts to measure with.
    /// - Parameters:
    ///   - fontFile: The primary font, the one the page serves (DejaVu Sans).
    ///   - cjkFontFile: A font for scalars the primary font lacks, usually
    ///     Noto Sans CJK; in a collection (`.ttc`) the Simplified Chinese face
    ///     is used. Nil (the default) measures them by the 1 em rule.
    ///   - cacheLimit: Most texts, and most scalars, whose widths are kept;
    ///     a full cache is emptied and refilled. 0 turns caching off.
    ///     Defaults to ``defaultCacheLimit``.
    /// - Throws: ``FontError`` naming the file that is missing, not a font,
    ///   unsupported, or the FreeType call that failed.
    public convenience init(
        fontFile: String, cjkFontFile: String? = nil, cacheLimit: Int = FontMeasurer.defaultCacheLimit
    ) throws(FontError) {
        let primary = try FontFace(path: fontFile)
        let cjk = try cjkFontFile.map { path throws(FontError) in
            try FontFace.openPreferringSimplifiedChinese(path: path)
        }
        self.init(fonts: FontStack(primary: primary, cjk: cjk), cacheLimit: cacheLimit)
    }

    init(fonts: sending FontStack, cacheLimit: Int) {
        self.fontFile = fonts.primary.path
        self.cjkFontFile = fonts.cjk?.path
        self.cjkFamilyName = fonts.cjk?.familyName
        self.state = LockedValue(MeasuringState(fonts: fonts, cacheLimit: cacheLimit))
    }

    /// The advance width of `text` at `fontSize` CSS px, by the rules above.
    ///
    /// Cached per text, for every size. Safe to call from any thread.
    /// - Returns: The width in CSS px; 0 for empty text, and for a size that
    ///   is not a positive finite number.
    public func width(of text: String, fontSize: Double) -> Double {
        guard fontSize.isFinite, fontSize > 0, !text.isEmpty else { return 0 }
        let ems = state.withLock { $0.ems(of: text) }
        return ems * fontSize
    }
}
