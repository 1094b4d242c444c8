#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FontMeasurer {
    /// The measurer the demo and the server use: DejaVu Sans, the page's
    /// script fonts, a CJK font and the colour emoji font where installed,
    /// shaped with HarfBuzz when it loads.
    ///
    /// DejaVu Sans is the first of ``FontLocations/dejaVuSans(publicDirectory:)``
    /// that exists: the file the page serves, else the system's copy. Each
    /// other font is the first of its ``FontLocations`` list that opens; a
    /// font that is missing, or exists but fails to open, is left out (its
    /// scalars then fall back as ``FontMeasurer`` describes): a rougher
    /// width is a better answer than no server.
    /// - Parameters:
    ///   - publicDirectory: The folder served as `/public` (holding
    ///     `fonts/DejaVuSans.ttf`), or nil to use only the system's fonts.
    ///   - harfBuzzSetting: Nil or empty loads the system's HarfBuzz, `off`
    ///     sums advances, anything else is the library's path. Defaults to
    ///     the environment variable `FOLIO_HARFBUZZ`.
    /// - Throws: ``FontError/noStandardFont(searched:)`` when no DejaVu Sans
    ///   exists, or the error opening the one found.
    public static func standard(
        publicDirectory: String?, harfBuzzSetting: String? = FontMeasurer.harfBuzzSettingFromEnvironment
    ) throws(FontError) -> FontMeasurer {
        let searched = FontLocations.dejaVuSans(publicDirectory: publicDirectory)
        guard let primaryPath = searched.first(where: FontFile.exists) else {
            throw .noStandardFont(searched: searched)
        }
        let primary = try FontFace(path: primaryPath)
        let cjk = firstOpening(FontLocations.cjk(publicDirectory: publicDirectory)) {
            path throws(FontError) in
            try FontFace.openPreferringSimplifiedChinese(path: path)
        }
        switch HarfBuzz.load(setting: harfBuzzSetting) {
        case .success(let harfBuzz):
            return try shaping(with: harfBuzz, primary: primary, cjk: cjk, publicDirectory: publicDirectory)
        case .failure(let reason):
            var fonts = FontStack(primary: primary, cjk: cjk)
            fonts.scriptFaces = ScriptFont.all.compactMap { font in
                firstOpening(FontLocations.scriptFont(font, publicDirectory: publicDirectory)) {
                    path throws(FontError) in try FontFace(path: path)
                }.map { (font, $0) }
            }
            return FontMeasurer(
                summing: fonts, shaping: .summedAdvances(reason), cacheLimit: defaultCacheLimit)
        }
    }

    /// The value of `FOLIO_HARFBUZZ`, or nil when it is not set.
    public static var harfBuzzSettingFromEnvironment: String? {
        getenv("FOLIO_HARFBUZZ").map { String(cString: $0) }
    }

    private static func shaping(
        with harfBuzz: HarfBuzz, primary: FontFace, cjk: FontFace?, publicDirectory: String?
    ) throws(FontError) -> FontMeasurer {
        var files = ShapedFontFiles(primary: primary.path, cjk: cjk?.path, cjkFamilyName: cjk?.familyName)
        var faces = [try ShapingFace(harfBuzz: harfBuzz, path: primary.path)]
        for font in ScriptFont.all {
            let face = firstOpening(FontLocations.scriptFont(font, publicDirectory: publicDirectory)) {
                path throws(FontError) in try ShapingFace(harfBuzz: harfBuzz, path: path, ranges: font.ranges)
            }
            if let face {
                faces.append(face)
                files.scripts.append(face.path)
            }
        }
        if let cjk, let face = try? ShapingFace(harfBuzz: harfBuzz, path: cjk.path, faceIndex: cjk.faceIndex)
        {
            faces.append(face)
        } else {
            files.cjk = nil
            files.cjkFamilyName = nil
        }
        let emoji = firstOpening(FontLocations.emoji(publicDirectory: publicDirectory)) {
            path throws(FontError) in
            try ShapingFace(harfBuzz: harfBuzz, path: path)
        }
        files.emoji = emoji?.path
        let stack = try ShapingStack(harfBuzz: harfBuzz, faces: faces, emoji: emoji)
        return FontMeasurer(
            shaping: stack, files: files, version: harfBuzz.version, cacheLimit: defaultCacheLimit)
    }

    /// The first of `paths` that `open` opens, or nil.
    private static func firstOpening<Font>(_ paths: [String], _ open: (String) throws(FontError) -> Font)
        -> Font?
    {
        for path in paths {
            if let font = try? open(path) { return font }
        }
        return nil
    }
}
