/// One face of a font file opened with HarfBuzz, at a scale of one design
/// unit per unit, so shaped advances come back in design units.
///
/// Not `Sendable`: ``FontMeasurer`` keeps its faces behind its lock.
final class ShapingFace {
    let harfBuzz: HarfBuzz
    let font: HarfBuzz.Object
    private let face: HarfBuzz.Object
    /// The file the face was read from.
    let path: String
    /// Design units per em.
    let unitsPerEm: Int
    /// Whether the face draws bitmaps (colour emoji): Chromium rounds the
    /// advance of each of its glyphs to a whole pixel at the drawn size.
    let drawsBitmaps: Bool
    /// The scalars this face may draw, as the page's `unicode-range` says;
    /// nil for every scalar it has.
    let ranges: [ClosedRange<UInt32>]?

    /// Opens face `faceIndex` of `path`.
    /// - Throws: ``FontError/fileMissing(path:)``, or
    ///   ``FontError/notAFont(path:)`` when HarfBuzz finds no glyphs in it.
    init(
        harfBuzz: HarfBuzz, path: String, faceIndex: Int = 0, ranges: [ClosedRange<UInt32>]? = nil
    ) throws(FontError) {
        guard FontFile.exists(path) else { throw .fileMissing(path: path) }
        guard FontFile.isRegularFile(path) else { throw .notAFont(path: path) }
        let blob = harfBuzz.blobCreateFromFile(path)
        defer { harfBuzz.blobDestroy(blob) }
        guard harfBuzz.blobGetLength(blob) > 0, let face = harfBuzz.faceCreate(blob, UInt32(faceIndex)) else {
            throw .notAFont(path: path)
        }
        let unitsPerEm = Int(harfBuzz.faceGetUpem(face))
        guard harfBuzz.faceGetGlyphCount(face) > 0, unitsPerEm > 0, let font = harfBuzz.fontCreate(face)
        else {
            harfBuzz.faceDestroy(face)
            throw .notAFont(path: path)
        }
        harfBuzz.fontSetScale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        self.harfBuzz = harfBuzz
        self.face = face
        self.font = font
        self.path = path
        self.unitsPerEm = unitsPerEm
        self.ranges = ranges
        self.drawsBitmaps = Self.hasTable("CBDT", face, harfBuzz) || Self.hasTable("sbix", face, harfBuzz)
    }

    deinit {
        harfBuzz.fontDestroy(font)
        harfBuzz.faceDestroy(face)
    }

    /// Whether the face may draw `scalar`: it is in ``ranges`` and the face
    /// maps it to a glyph.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        if let ranges, !ranges.contains(where: { $0.contains(scalar.value) }) { return false }
        var glyph: UInt32 = 0
        return harfBuzz.fontGetNominalGlyph(font, scalar.value, &glyph) != 0 && glyph != 0
    }

    private static func hasTable(_ name: String, _ face: HarfBuzz.Object, _ harfBuzz: HarfBuzz) -> Bool {
        let table = harfBuzz.faceReferenceTable(face, HarfBuzz.tag(name))
        defer { harfBuzz.blobDestroy(table) }
        return harfBuzz.blobGetLength(table) > 0
    }
}

@available(*, unavailable, message: "HarfBuzz fonts stay behind FontMeasurer's lock")
extension ShapingFace: Sendable {}
