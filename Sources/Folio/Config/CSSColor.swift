/// Checks CSS colour values from configuration files.
///
/// Colours are written into the generated `pager.css`, so anything that is
/// not plainly a colour is refused: it could otherwise close the rule and
/// inject CSS.
import FolioSync

enum CSSColor {
    /// Whether `text` is `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
    /// `rgb()`/`rgba()`/`hsl()`/`hsla()` of numbers, or a named colour.
    static func isValid(_ text: String) -> Bool {
        let value = text.trimmingSpacesAndTabs().lowercased()
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
        }
        for function in ["rgba(", "rgb(", "hsla(", "hsl("] where value.hasPrefix(function) {
            guard value.hasSuffix(")") else { return false }
            let arguments = value.dropFirst(function.count).dropLast()
            // Numbers, percentages, angles and separators only: no ';', '}' or quotes.
            let allowed = Set("0123456789.,%/ -+edgtura")
            let parts = arguments.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
            return (3...4).contains(parts.count) && arguments.allSatisfy { allowed.contains($0) }
        }
        return namedColors.contains(value)
    }

    private static let namedColors: Set<String> = [
        "transparent", "currentcolor", "black", "white", "gray", "grey", "silver", "red", "maroon",
        "purple", "fuchsia", "green", "lime", "olive", "yellow", "navy", "blue", "teal", "aqua",
        "orange", "lightgray", "lightgrey", "darkgray", "darkgrey", "whitesmoke", "gainsboro",
        "crimson", "darkred", "royalblue", "steelblue", "dodgerblue", "gold", "pink", "brown",
        "indigo", "violet", "tomato", "coral", "salmon", "khaki", "beige", "ivory", "snow",
        "darkblue", "darkgreen", "skyblue", "lightblue", "slategray", "slategrey", "dimgray", "dimgrey",
    ]
}
