/// How the title bar sizes its tabs.
public enum TitleBarLayout: Sendable, Codable, Hashable {
    /// Each tab gets bar width / count (seed 001); positions are fractions of
    /// the bar, so they hold at any bar width.
    case equal
    /// Each tab is `width` CSS px; the bar is count x width (seed 004).
    case fixed(width: Double)
    /// Each tab is its text width plus `padding` CSS px on both sides; the
    /// bar scrolls when the tabs overflow the viewport.
    case fit(padding: Double)
}
