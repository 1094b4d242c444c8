/// The writing direction of a dashboard or a pager: the HTML `dir`
/// attribute, which also mirrors the title bar and the swipe direction.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (the default).
    case ltr
    /// Right to left (Arabic, Hebrew): titles start at the right edge.
    case rtl
    /// The browser decides from the first strong character of the text.
    case auto
}
