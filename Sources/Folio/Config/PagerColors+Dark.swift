import FolioCore

extension PagerColors {
    /// The default colours for `prefers-color-scheme: dark` of an underline
    /// pager: an opaque near-black bar, so the titles' contrast (7.8:1 for
    /// `title`, 6.1:1 for `selectedTitle`, checked by the tests) holds over
    /// any content.
    public static let dark: PagerColors = {
        var colors = PagerColors()
        colors.bar = "#1c1c1e"
        colors.title = "#b0b0b0"
        colors.selectedTitle = "#ff6b6b"
        colors.indicator = "#ff6b6b"
        colors.background = "#121212"
        return colors
    }()

    /// The dark defaults of a segmented pager: `dark`, with the selected
    /// title in the bar's near-black, since it is drawn on the filled red
    /// indicator (6.1:1) where `dark`'s red title would vanish (1:1).
    public static let darkSegmented: PagerColors = {
        var colors = PagerColors.dark
        colors.selectedTitle = "#1c1c1e"
        return colors
    }()

    /// The light defaults of a segmented pager: white on the filled red
    /// indicator (5.0:1), where the underline default's red title would
    /// vanish on it (1:1).
    public static let lightSegmented: PagerColors = {
        var colors = PagerColors()
        colors.selectedTitle = "#ffffff"
        return colors
    }()

    /// The light defaults of a pager drawn in `style`.
    public static func light(for style: TitleStyle) -> PagerColors {
        style == .segmented ? lightSegmented : PagerColors()
    }

    /// The dark defaults of a pager drawn in `style`.
    public static func dark(for style: TitleStyle) -> PagerColors {
        style == .segmented ? darkSegmented : dark
    }

    /// The colours by their configuration key, in the order they are read.
    var named: [(String, String)] {
        [
            ("bar", bar), ("title", title), ("selectedTitle", selectedTitle), ("indicator", indicator),
            ("background", background),
        ]
    }
}
