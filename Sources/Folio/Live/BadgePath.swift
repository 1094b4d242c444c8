import FolioTemplate

/// Where a tab's count is found in its page's data: a dotted path of object
/// keys (`alerts.open`), whose value is a number (shown as a whole number)
/// or an array (its length).
struct BadgePath: Sendable, Hashable {
    let keys: [String]

    /// Nil unless `text` is one or more non-empty keys joined by dots.
    init?(_ text: String) {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
        self.keys = keys
    }

    /// The count in `globals` (a page's data), or nil when the path leads
    /// nowhere, or to something that is neither a number nor an array, or to
    /// a negative or non-finite number.
    func count(in globals: [String: TemplateValue]) -> Int? {
        guard var value = globals[keys[0]] else { return nil }
        for key in keys.dropFirst() {
            guard case .object(let object) = value, let next = object[key] else { return nil }
            value = next
        }
        switch value {
        case .number(let number) where number.isFinite && number >= 0 && number < 1e15:
            return Int(number.rounded(.down))
        case .array(let items):
            return items.count
        default:
            return nil
        }
    }
}
