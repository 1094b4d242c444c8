import FolioTemplate

extension ConfigurationLoader {
    /// An optional `lang` (judged by the validation, which also sees
    /// configurations built in Swift).
    mutating func language(_ fields: [String: JSONMember], in what: String, at path: String) -> String? {
        note(path, fields["lang"]?.value.location)
        return reader.string(fields, "lang", in: what, required: false)
    }

    /// An optional `dir`: `ltr`, `rtl` or `auto`; anything else is reported
    /// naming `what` and the key.
    mutating func direction(_ fields: [String: JSONMember], in what: String, at path: String)
        -> TextDirection?
    {
        note(path, fields["dir"]?.value.location)
        guard let text = reader.string(fields, "dir", in: what, required: false) else { return nil }
        guard let direction = TextDirection(rawValue: text) else {
            reader.report(
                fields["dir"]?.value.location,
                "'dir' of \(what) must be 'ltr', 'rtl' or 'auto', found '\(text)'")
            return nil
        }
        return direction
    }
}
