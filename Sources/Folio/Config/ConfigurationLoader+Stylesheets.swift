import FolioTemplate

extension ConfigurationLoader {
    /// `stylesheets`: an array of strings (each checked by the validator).
    mutating func stylesheets(_ node: JSONNode) -> [String] {
        note("stylesheets", node.location)
        guard case .array(let items) = node.value else {
            reader.report(node.location, "'stylesheets' must be an array of paths inside the public folder")
            return []
        }
        var sheets: [String] = []
        for item in items {
            guard case .string(let path) = item.value else {
                reader.report(item.location, "a stylesheet must be a path string such as \"ops.css\"")
                continue
            }
            note("stylesheets[\(sheets.count)]", item.location)
            sheets.append(path)
        }
        return sheets
    }
}
