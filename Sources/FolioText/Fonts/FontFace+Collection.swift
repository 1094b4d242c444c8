extension FontFace {
    /// Opens the face of a font file, or of a font collection (`.ttc`), that
    /// best fits Chinese titles.
    ///
    /// In a collection the first face whose family name ends in " SC"
    /// (Simplified Chinese) and is not a monospaced variant wins, since the
    /// seeds' titles are Simplified Chinese; Noto Sans CJK SC is face 2 of
    /// Debian's `NotoSansCJK-Regular.ttc`. Without such a face, face 0.
    /// CJK faces of one collection share their ideograph advances (1 em), so
    /// the choice matters only for the few glyphs that differ.
    /// - Throws: ``FontError`` as ``FontFace/init(path:faceIndex:)`` does.
    static func openPreferringSimplifiedChinese(path: String) throws(FontError) -> FontFace {
        let first = try FontFace(path: path)
        if first.isSimplifiedChinese || first.faceCount < 2 { return first }
        for index in 1..<first.faceCount {
            let candidate = try FontFace(path: path, faceIndex: index)
            if candidate.isSimplifiedChinese { return candidate }
        }
        return first
    }

    private var isSimplifiedChinese: Bool {
        familyName.hasSuffix(" SC") && !familyName.contains("Mono")
    }
}
