/// Joining a base and a path must never produce an authority.
///
/// `href="string:${site/base}/${page/href}"` with an empty base and the
/// page data `/evil.example/phish` gives `//evil.example/phish`: a link to
/// another site, chosen by the data. Browsers read a URL that starts with
/// two slashes or backslashes (in any mix, after dropping leading spaces and
/// control characters, and tabs and newlines anywhere) as naming a host.
///
/// So a URL-valued attribute (`URLJoin.attributes`) set by a `string:`
/// expression that joins two or more parts has a leading run of slashes and
/// backslashes collapsed to one `/`, unless the template's own literal text
/// already starts with two (`string://cdn.example/${file}`: the author
/// asked for a host). A `string:` of one `${path}` is not a join: the data
/// gives the whole URL, as it does with a plain path expression, and is
/// left alone. Other attributes, `tal:content` and path expressions are
/// never changed.
enum URLJoin {
    /// Attributes whose value is a URL (HTML 4 and 5, SVG's `xlink:href`).
    static let attributes: Set<String> = [
        "action", "background", "cite", "classid", "codebase", "data", "formaction", "href", "icon",
        "longdesc", "manifest", "poster", "profile", "src", "usemap", "xlink:href",
    ]

    /// Whether `attribute` (lowercased) set by `expression` is a join to guard.
    static func guards(attribute: String, _ expression: Expression) -> Bool {
        guard attributes.contains(attribute), case .string(let parts) = expression, parts.count >= 2 else {
            return false
        }
        var literal = ""
        for part in parts {
            guard case .literal(let text) = part else { break }
            literal += text
        }
        return authorityRun(in: literal) == nil
    }

    /// `url` with a leading run of two or more slashes and backslashes
    /// (and the spaces, controls, tabs and newlines a browser would skip
    /// there) replaced by one `/`; `url` itself otherwise.
    static func collapsingAuthority(_ url: String) -> String {
        guard let run = authorityRun(in: url) else { return url }
        return "/" + String(decoding: url.utf8[run...], as: UTF8.self)
    }

    /// Where the rest begins after a leading run that names an authority,
    /// or `nil` when `url` does not start with one.
    private static func authorityRun(in url: String) -> String.UTF8View.Index? {
        let bytes = url.utf8
        var index = bytes.startIndex
        // Leading C0 controls and spaces are stripped by URL parsers.
        while index < bytes.endIndex, bytes[index] <= 0x20 { index = bytes.index(after: index) }
        var slashes = 0
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): slashes += 1
            // Tabs and newlines are removed from anywhere in a URL.
            case 0x09, 0x0A, 0x0D: break
            default: return slashes >= 2 ? index : nil
            }
            index = bytes.index(after: index)
        }
        return slashes >= 2 ? index : nil
    }
}
