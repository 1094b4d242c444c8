/// The bits of HTML knowledge the template parser and renderer need: which
/// elements are void, which attributes are boolean, and which start tags
/// imply the end of an open paragraph or list item (HTML 4 rules, as
/// zope.tal's HTML parser applies them, plus HTML 5's sectioning elements).
enum HTMLVocabulary {
    /// Elements that never have content or an end tag.
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "br", "col", "embed", "frame", "hr", "img", "input", "isindex",
        "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Elements whose content is raw text up to their end tag.
    static let rawTextElements: Set<String> = ["script", "style"]

    /// Attributes that are on or off: a false value removes them.
    static let booleanAttributes: Set<String> = [
        "allowfullscreen", "async", "autofocus", "autoplay", "checked", "compact", "controls", "declare",
        "default", "defer", "disabled", "formnovalidate", "hidden", "inert", "ismap", "itemscope", "loop",
        "multiple", "muted", "nohref", "nomodule", "noresize", "noshade", "novalidate", "nowrap", "open",
        "playsinline", "readonly", "required", "reversed", "selected",
    ]

    /// Block-level elements: a new one closes an open `<p>`, and an open one
    /// shields outer list items and cells from being closed.
    static let blockElements: Set<String> = [
        "blockquote", "table", "tr", "th", "td", "thead", "tfoot", "tbody", "noframe", "ul", "ol", "li",
        "dl", "dt", "dd", "div", "section", "article", "aside", "header", "footer", "nav", "main",
        "figure", "form", "fieldset", "pre", "address", "details",
    ]

    /// Paragraph-level elements: they close an open `<p>` too.
    static let paragraphElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "p"]

    /// For a start tag, the open elements it closes (`<li>` closes an open
    /// `<li>` unless a block element lies between them).
    static let closedBy: [String: Set<String>] = [
        "tr": ["tr", "td", "th"],
        "td": ["td", "th"],
        "th": ["td", "th"],
        "li": ["li"],
        "dd": ["dd", "dt"],
        "dt": ["dd", "dt"],
    ]
}
