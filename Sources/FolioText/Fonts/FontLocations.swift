/// Where ``FontMeasurer/standard(publicDirectory:harfBuzzSetting:)`` looks for fonts, in
/// order. Plain paths: no fontconfig at run time, so the server measures with
/// a known file, not whatever a machine's configuration prefers.
public enum FontLocations {
    /// DejaVu Sans as the page serves it (`<public>/fonts/DejaVuSans.ttf`),
    /// then as Debian's fonts-dejavu-core installs it.
    /// - Parameter publicDirectory: The folder served as `/public`, or nil.
    public static func dejaVuSans(publicDirectory: String?) -> [String] {
        served(publicDirectory, ["DejaVuSans.ttf"]) + [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/dejavu/DejaVuSans.ttf",
            "/usr/share/fonts/TTF/DejaVuSans.ttf",
        ]
    }

    /// CJK fonts: one the page serves, then Debian's fonts-noto-cjk, the same
    /// file where other distributions put it, then other Debian CJK fonts
    /// (WenQuanYi, Droid Sans Fallback) whose ideographs are also 1 em.
    /// - Parameter publicDirectory: The folder served as `/public`, or nil.
    public static func cjk(publicDirectory: String?) -> [String] {
        served(publicDirectory, ["NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf"]) + [
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
            "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
            "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
            "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
            "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
        ]
    }

    /// A script font as the page serves it, then where Debian's
    /// fonts-noto-core and other distributions put it.
    /// - Parameter publicDirectory: The folder served as `/public`, or nil.
    public static func scriptFont(_ font: ScriptFont, publicDirectory: String?) -> [String] {
        served(publicDirectory, [font.fileName]) + [
            "/usr/share/fonts/truetype/noto/" + font.fileName,
            "/usr/share/fonts/noto/" + font.fileName,
            "/usr/share/fonts/google-noto/" + font.fileName,
        ]
    }

    /// Noto Color Emoji: one the page serves, then Debian's
    /// fonts-noto-color-emoji, then other distributions' places. The page
    /// names the family (`"Noto Color Emoji"`), so Chromium on the same
    /// machine draws emoji with the same file.
    /// - Parameter publicDirectory: The folder served as `/public`, or nil.
    public static func emoji(publicDirectory: String?) -> [String] {
        served(publicDirectory, ["NotoColorEmoji.ttf"]) + [
            "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
            "/usr/share/fonts/noto/NotoColorEmoji.ttf",
            "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
        ]
    }

    private static func served(_ publicDirectory: String?, _ names: [String]) -> [String] {
        guard let publicDirectory, !publicDirectory.isEmpty else { return [] }
        let folder = publicDirectory.hasSuffix("/") ? publicDirectory : publicDirectory + "/"
        return names.map { folder + "fonts/" + $0 }
    }
}
