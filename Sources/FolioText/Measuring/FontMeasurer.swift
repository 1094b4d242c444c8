import FolioCore
import FolioSync

/// Measures text the way Chromium draws it, from the font files the page
/// serves, so the server's widths match the browser's.
///
/// **Shaped, when HarfBuzz loads** (``shaping`` is `.harfBuzz`). Text is cut
/// into runs of one font and one script and each run is shaped with
/// HarfBuzz, loaded at run time (see ``ShapingUnavailable``), with its
/// default features, as Chromium does: Arabic letters join, Devanagari and
/// Thai clusters reorder and stack, ligatures form, and **pair kerning is
/// applied** (the page leaves `font-kerning` at `auto` for titles, see
/// ``measuresKerning``). The font of each grapheme cluster is picked by the
/// page's `font-family` order: DejaVu Sans ("Folio Sans"), Noto Sans
/// Devanagari and Noto Sans Thai within their `unicode-range`, the CJK font,
/// then Noto Color Emoji (first for clusters with U+FE0F). Colour emoji
/// advances are rounded to whole pixels, as Chromium rounds bitmap glyphs.
///
/// **Summed, without HarfBuzz** (``shaping`` is `.summedAdvances`). The
/// width is the sum, over the Unicode scalars, of each one's unhinted
/// advance (the font's `hmtx` value in design units, read with FreeType's
/// `FT_LOAD_NO_SCALE`). Kerning and ligatures are not applied, and the page
/// turns them off for titles so the browser draws the same sum. Arabic is
/// measured unjoined (too wide by 20-40%) and emoji by the primary font's
/// `.notdef` box: the colour emoji font has no outlines for FreeType. Which
/// advance each scalar gets:
/// 1. Zero-width scalars (combining marks, variation selectors, format
///    characters such as the zero-width joiner) take 0.
/// 2. A scalar the primary font (DejaVu Sans) has takes its advance.
/// 3. Else a script font (Devanagari, Thai) that may draw it and has it.
/// 4. Else, when a CJK font is configured or found, a scalar it has takes its
///    advance (Noto Sans CJK draws ideographs, kana and hangul syllables
///    1 em, half-width katakana 1/2 em).
/// 5. Else East-Asian wide and full-width scalars (ideographs, kana, hangul,
///    bopomofo, CJK punctuation, full-width forms; UAX #11 W and F) take
///    exactly 1 em, the advance every CJK font gives ideographs.
/// 6. Else the primary font's `.notdef` advance (the box a browser draws
///    when no font has the character).
///
/// Text is measured as given: one line, no whitespace collapsing.
///
/// Thread-safe: the font objects and the caches sit behind one `LockedValue`.
public final class FontMeasurer: TextMeasuring, Sendable {
    /// How many texts (and, separately, scalars) are cached when the
    /// initialiser is not told otherwise: 4096.
    public static let defaultCacheLimit = 4096

    /// The primary font file.
    public let fontFile: String
    /// The script font files found (Devanagari, Thai), in the page's order.
    public let scriptFontFiles: [String]
    /// The CJK font file, or nil when CJK scalars the primary font lacks
    /// fall back to 1 em.
    public let cjkFontFile: String?
    /// The family name of the CJK face used, such as "Noto Sans CJK SC"
    /// (the SC face of a collection), or nil without a CJK font.
    public let cjkFamilyName: String?
    /// The colour emoji font file, when text is shaped and one was found.
    public let emojiFontFile: String?
    /// Whether text is shaped with HarfBuzz, and if not, why not.
    public let shaping: TextShaping

    private let state: LockedValue<MeasuringState>

    /// Opens the fonts to measure with by summing advances (no shaping, no
    /// kerning: see above).
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
        self.init(
            summing: FontStack(primary: primary, cjk: cjk), shaping: .summedAdvances(.turnedOff),
            cacheLimit: cacheLimit)
    }

    init(summing fonts: sending FontStack, shaping: TextShaping, cacheLimit: Int) {
        self.fontFile = fonts.primary.path
        self.scriptFontFiles = fonts.scriptFaces.map(\.face.path)
        self.cjkFontFile = fonts.cjk?.path
        self.cjkFamilyName = fonts.cjk?.familyName
        self.emojiFontFile = nil
        self.shaping = shaping
        self.state = LockedValue(MeasuringState(engine: .summing(fonts), cacheLimit: cacheLimit))
    }

    init(
        shaping stack: sending ShapingStack, files: ShapedFontFiles, version: String, cacheLimit: Int
    ) {
        self.fontFile = files.primary
        self.scriptFontFiles = files.scripts
        self.cjkFontFile = files.cjk
        self.cjkFamilyName = files.cjkFamilyName
        self.emojiFontFile = files.emoji
        self.shaping = .harfBuzz(version: version)
        self.state = LockedValue(MeasuringState(engine: .shaping(stack), cacheLimit: cacheLimit))
    }

    /// True when titles are shaped: the browser then draws them with its
    /// default kerning and ligatures, which the widths include.
    public var measuresKerning: Bool {
        if case .harfBuzz = shaping { return true }
        return false
    }

    /// The advance width of `text` at `fontSize` CSS px, by the rules above.
    ///
    /// Cached per text, for every size. Safe to call from any thread.
    /// - Returns: The width in CSS px; 0 for empty text, and for a size that
    ///   is not a positive finite number.
    public func width(of text: String, fontSize: Double) -> Double {
        guard fontSize.isFinite, fontSize > 0, !text.isEmpty else { return 0 }
        return state.withLock { $0.width(of: text) }.width(at: fontSize)
    }
}

/// How a ``FontMeasurer`` measures text.
public enum TextShaping: Sendable, Equatable, CustomStringConvertible {
    /// Shaped with HarfBuzz, kerning included.
    case harfBuzz(version: String)
    /// Summed advances, because HarfBuzz is not available for this reason.
    case summedAdvances(ShapingUnavailable)

    public var description: String {
        switch self {
        case .harfBuzz(let version): "shaped with HarfBuzz \(version)"
        case .summedAdvances(let reason): "summed advances without kerning (\(reason))"
        }
    }
}

/// The files a shaping ``FontMeasurer`` opened.
struct ShapedFontFiles {
    var primary: String
    var scripts: [String] = []
    var cjk: String?
    var cjkFamilyName: String?
    var emoji: String?
}
