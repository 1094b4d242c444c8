/// A tab's badge said in words: the digits are hidden from screen readers,
/// so the tab reads "Alerts, 3 open alerts" rather than "Alerts3".
func badgeLabel(_ count: Int?, _ page: PageConfiguration) -> String {
    guard let count, count > 0 else { return "" }
    return "\(count) \(page.badgeLabel ?? page.title)"
}
