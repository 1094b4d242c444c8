/// How the selected title is marked (seed 004's two styles).
public enum TitleStyle: String, Sendable, Codable {
    /// A line under the selected title, as wide as its text and centred under its tab (seed 001).
    case underline
    /// The whole selected tab is highlighted, like a segmented control.
    case segmented
}
