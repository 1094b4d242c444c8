extension ConfigurationValidator {
    /// Each stylesheet is a relative path of a `.css` file inside the public
    /// folders: no scheme, no `..`, no hidden component, no query, so it is
    /// served by Folio under its Content-Security-Policy.
    mutating func checkStylesheets(_ sheets: [String]) {
        for (index, sheet) in sheets.enumerated() where !Self.isPublicStylesheet(sheet) {
            report(
                "stylesheets[\(index)]",
                "stylesheet '\(sheet)' must be the path of a .css file inside the public folder, "
                    + "like \"ops.css\" (served as /public/ops.css)")
        }
    }

    /// Whether `sheet` is a plain relative path of a `.css` file.
    static func isPublicStylesheet(_ sheet: String) -> Bool {
        let forbidden = Set("\\\"'<>?#:%".unicodeScalars)
        let components = sheet.split(separator: "/", omittingEmptySubsequences: false)
        return sheet.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value != 0x7F && !forbidden.contains($0)
        }
            && components.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
            && sheet.lowercased().hasSuffix(".css")
    }
}
