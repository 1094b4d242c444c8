import FolioTemplate

extension ConfigurationLoader {
    /// The optional `timeZone`, `formats` and `levels` (judged by the
    /// validation, which also sees configurations built in Swift).
    mutating func readFormatting(_ fields: [String: JSONMember], into configuration: inout FolioConfiguration)
    {
        note("timeZone", fields["timeZone"]?.value.location)
        if let zone = reader.string(fields, "timeZone", in: "the configuration", required: false) {
            configuration.timeZone = zone
        }
        configuration.formats = specs(fields, "formats")
        configuration.levels = specs(fields, "levels")
    }

    /// An object of names to spec strings, each value's place noted as
    /// `KEY.NAME` so a problem inside a spec can point at its column.
    private mutating func specs(_ fields: [String: JSONMember], _ key: String) -> [String: String] {
        guard let member = fields[key] else { return [:] }
        note(key, member.value.location)
        guard case .object(let members) = member.value.value else {
            reader.report(
                member.value.location,
                "'\(key)' must be an object of names to specs, found \(member.value.kind)")
            return [:]
        }
        var specs: [String: String] = [:]
        for entry in members {
            guard case .string(let spec) = entry.value.value else {
                reader.report(
                    entry.value.location,
                    "'\(key).\(entry.key)' must be a spec string, found \(entry.value.kind)")
                continue
            }
            guard specs[entry.key] == nil else {
                reader.report(entry.keyLocation, "duplicate name '\(entry.key)' in '\(key)'")
                continue
            }
            specs[entry.key] = spec
            note("\(key).\(entry.key)", entry.value.location)
        }
        return specs
    }
}
