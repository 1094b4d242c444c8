import CFreeType

/// One face of a font file, opened with its own FreeType library.
///
/// Not `Sendable`: FreeType objects must never be used from two threads at
/// once, so ``FontMeasurer`` keeps its faces inside a mutex. Closing the face
/// and the library happens in `deinit`.
final class FontFace {
    private let library: FT_Library
    private let face: FT_Face

    /// The file the face was read from.
    let path: String
    /// The index of this face in its file (non-zero only in collections).
    let faceIndex: Int
    /// How many faces the file holds (more than one for `.ttc` collections).
    let faceCount: Int
    /// Design units per em: advances divided by this are in ems.
    let unitsPerEm: Int
    /// The family name, such as "DejaVu Sans" or "Noto Sans CJK SC".
    let familyName: String
    /// The style name, such as "Book" or "Regular".
    let styleName: String

    /// Opens face `faceIndex` of the font file at `path`.
    /// - Throws: ``FontError/fileMissing(path:)`` when nothing is at `path`,
    ///   ``FontError/notAFont(path:)`` when the file is not a font,
    ///   ``FontError/unsupportedFont(path:reason:)`` for bitmap-only fonts or
    ///   fonts without a Unicode map, ``FontError/freeType(call:code:path:)``
    ///   for any other FreeType failure.
    init(path: String, faceIndex: Int = 0) throws(FontError) {
        guard FontFile.exists(path) else { throw .fileMissing(path: path) }
        guard FontFile.isRegularFile(path) else { throw .notAFont(path: path) }

        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw .freeType(call: "FT_Init_FreeType", code: initError, path: path)
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, FT_Long(faceIndex), &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            // FT_Err_Unknown_File_Format: the bytes are not a font FreeType knows.
            if openError == 0x02 { throw .notAFont(path: path) }
            throw .freeType(call: "FT_New_Face", code: openError, path: path)
        }
        let record = face.pointee
        let problem: String? =
            if record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
                "it has no outlines (bitmap-only)"
            } else if FT_Select_Charmap(face, FT_ENCODING_UNICODE) != 0 {
                "it has no Unicode character map"
            } else if record.units_per_EM == 0 {
                "its units per em is zero"
            } else {
                nil
            }
        if let problem {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .unsupportedFont(path: path, reason: problem)
        }

        self.library = library
        self.face = face
        self.path = path
        self.faceIndex = faceIndex
        self.faceCount = Int(record.num_faces)
        self.unitsPerEm = Int(record.units_per_EM)
        self.familyName = record.family_name.map { String(cString: $0) } ?? ""
        self.styleName = record.style_name.map { String(cString: $0) } ?? ""
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The advance of `scalar` in ems, or nil when the face has no glyph for it.
    func advanceInEms(of scalar: Unicode.Scalar) -> Double? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard glyph != 0 else { return nil }
        return advanceInEms(ofGlyph: glyph)
    }

    /// The advance of the `.notdef` glyph (index 0) in ems: what a browser
    /// draws for a character no font has.
    var notdefAdvanceInEms: Double { advanceInEms(ofGlyph: 0) ?? 0 }

    /// The unhinted advance of a glyph in ems.
    ///
    /// `FT_LOAD_NO_SCALE` returns the advance in design units, the integer in
    /// the font's `hmtx` table; `linearHoriAdvance` after `FT_LOAD_NO_HINTING`
    /// is the same number scaled to the size and rounded to 1/65536 px, so
    /// the design units are the exact value and independent of the size,
    /// which lets one cache entry serve every size.
    private func advanceInEms(ofGlyph glyph: FT_UInt) -> Double? {
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return nil }
        return Double(advance) / Double(unitsPerEm)
    }
}

@available(*, unavailable, message: "FreeType faces must stay on one thread at a time")
extension FontFace: Sendable {}
