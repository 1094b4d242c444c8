extension PagerColors {
    /// The default colours for `prefers-color-scheme: dark`: an opaque
    /// near-black bar, so the titles' contrast (7.8:1 for `title`, 6.1:1
    /// for `selectedTitle`, checked by the tests) holds over any content.
    public static let dark: PagerColors = {
        var colors = PagerColors()
        colors.bar = "#1c1c1e"
        colors.title = "#b0b0b0"
        colors.selectedTitle = "#ff6b6b"
        colors.indicator = "#ff6b6b"
        colors.background = "#121212"
        return colors
    }()

    /// The colours by their configuration key, in the order they are read.
    var named: [(String, String)] {
        [
            ("bar", bar), ("title", title), ("selectedTitle", selectedTitle), ("indicator", indicator),
            ("background", background),
        ]
    }
}
