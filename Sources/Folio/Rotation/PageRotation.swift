/// How a wall screen moves on through a pager: the times Folio accepts and
/// the choice of the next page, pure.
enum PageRotation {
    /// Seconds a page or a playlist entry may stay: at least 1 (faster
    /// than that nobody reads it, and each change is a request), at most a day.
    static let allowedSeconds: ClosedRange<Double> = 1...86_400

    /// The page after `index` among the `count` pages the viewer may see,
    /// back to the first after the last.
    static func nextIndex(after index: Int, count: Int) -> Int {
        count > 0 ? (index + 1) % count : 0
    }

    /// Seconds as a URL or an attribute carries them: `5`, `2.5`.
    static func text(_ seconds: Double) -> String {
        if let whole = Int(exactly: seconds) { return String(whole) }
        return String(seconds)
    }
}
