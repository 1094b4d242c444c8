/// Short excerpts of HTML for failure messages.
enum HTMLFragment {
    /// At most this many characters per node in a message.
    static let limit = 600
    /// At most this many nodes printed.
    static let nodeLimit = 5

    /// The nodes' HTML, one per line, each cut to `limit` characters,
    /// with a count of those left out.
    static func excerpt(_ nodes: [HTMLNode]) -> String {
        var lines = nodes.prefix(nodeLimit).map { node in
            let html = node.html
            return html.count > limit
                ? String(html.prefix(limit)) + " …(\(html.count - limit) more characters)" : html
        }
        if nodes.count > nodeLimit { lines.append("…and \(nodes.count - nodeLimit) more matches") }
        return lines.joined(separator: "\n")
    }
}
