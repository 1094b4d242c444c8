import FolioTemplate

extension ConfigurationLoader {
    /// A page's `"simulate": "ops"`: one of Folio's built-in simulated sources.
    mutating func simulatedSource(_ fields: [String: JSONMember], in what: String) -> SimulatedSource? {
        guard fields["simulate"] != nil,
            let name = reader.string(fields, "simulate", in: what, required: true)
        else { return nil }
        guard let source = SimulatedSource(rawValue: name) else {
            let known = SimulatedSource.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            reader.report(
                fields["simulate"]?.value.location,
                "unknown simulated source '\(name)' in \(what) (known: \(known))")
            return nil
        }
        return source
    }
}
