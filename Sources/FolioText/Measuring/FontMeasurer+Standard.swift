extension FontMeasurer {
    /// The measurer the demo and the server use: DejaVu Sans, plus a CJK
    /// font when one is installed.
    ///
    /// DejaVu Sans is the first of ``FontLocations/dejaVuSans(publicDirectory:)``
    /// that exists: the file the page serves, else the system's copy. The CJK
    /// font is the first of ``FontLocations/cjk(publicDirectory:)`` that opens;
    /// when none does, CJK scalars measure 1 em (see ``FontMeasurer``).
    /// - Parameter publicDirectory: The folder served as `/public` (holding
    ///   `fonts/DejaVuSans.ttf`), or nil to use only the system's fonts.
    /// - Throws: ``FontError/noStandardFont(searched:)`` when no DejaVu Sans
    ///   exists, or the error opening the one found.
    public static func standard(publicDirectory: String?) throws(FontError) -> FontMeasurer {
        let searched = FontLocations.dejaVuSans(publicDirectory: publicDirectory)
        var primary: FontFace?
        for path in searched {
            do {
                primary = try FontFace(path: path)
                break
            } catch .fileMissing {
                continue
            }
        }
        guard let primary else { throw .noStandardFont(searched: searched) }
        let cjk = firstCJKFace(publicDirectory: publicDirectory)
        return FontMeasurer(fonts: FontStack(primary: primary, cjk: cjk), cacheLimit: defaultCacheLimit)
    }

    /// The first CJK face that opens. A candidate that exists but fails to
    /// open is skipped: the 1 em rule is a better answer than no server.
    private static func firstCJKFace(publicDirectory: String?) -> FontFace? {
        for path in FontLocations.cjk(publicDirectory: publicDirectory) {
            if let face = try? FontFace.openPreferringSimplifiedChinese(path: path) { return face }
        }
        return nil
    }
}
