/// Finds what a failed query came closest to, for its failure message:
/// drop the last predicate, then the last step, until something matches.
///
/// `//*[@role='tab'][@aria-selected='true']` that matches nothing is
/// retried as `//*[@role='tab']`, whose matches (the tabs, with their
/// `aria-selected` values) are what a reader needs to see.
import FolioSync

enum XPathRelaxation {
    static func nearestMatch(for xpath: String, in document: HTMLDocument, context: HTMLNode?)
        -> (xpath: String, nodes: [HTMLNode])?
    {
        var current = xpath
        for _ in 0..<32 {
            guard let shorter = relaxed(current), shorter != current else { return nil }
            current = shorter
            if let nodes = try? XPath.nodes(current, in: document, context: context), !nodes.isEmpty {
                return (current, nodes)
            }
        }
        return nil
    }

    /// `xpath` with its last predicate or, without one, its last step
    /// removed; `nil` when nothing is left.
    static func relaxed(_ xpath: String) -> String? {
        let characters = Array(xpath.trimmingSpacesAndTabs())
        guard !characters.isEmpty else { return nil }
        if characters.last == "]", let open = matchingOpen(characters) {
            let rest = String(characters[..<open])
            return rest.isEmpty ? nil : rest
        }
        guard let slash = lastTopLevelSlash(characters) else { return nil }
        var end = slash
        while end > 0 && characters[end - 1] == "/" { end -= 1 }
        return end == 0 ? nil : String(characters[..<end])
    }

    /// The index of the `[` that opens the predicate ending the expression.
    private static func matchingOpen(_ characters: [Character]) -> Int? {
        var depth = 0
        var quote: Character?
        for index in stride(from: characters.count - 1, through: 0, by: -1) {
            let character = characters[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "]": depth += 1
            case "[":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The last `/` outside predicates, parentheses and quotes.
    private static func lastTopLevelSlash(_ characters: [Character]) -> Int? {
        var depth = 0
        var quote: Character?
        var last: Int?
        for (index, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            case "/" where depth == 0: last = index
            default: break
            }
        }
        return last
    }
}
