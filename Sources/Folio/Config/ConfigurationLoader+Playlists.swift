import FolioTemplate

extension ConfigurationLoader {
    /// `"playlists"`: an object of names to arrays of entries
    /// (`{"pager": key, "seconds": n, "rotate": n}`). Names and pagers are
    /// `FolioConfiguration.validate(templates:)`'s to judge.
    mutating func playlists(_ node: JSONNode) -> [PlaylistConfiguration] {
        note("playlists", node.location)
        guard case .object(let members) = node.value else {
            reader.report(node.location, "'playlists' must be an object of names to arrays of pagers")
            return []
        }
        var playlists: [PlaylistConfiguration] = []
        for member in members {
            let path = "playlists." + member.key
            note(path, member.keyLocation)
            guard case .array(let nodes) = member.value.value else {
                reader.report(member.value.location, "playlist '\(member.key)' must be an array of pagers")
                continue
            }
            var entries: [PlaylistEntry] = []
            for (index, entryNode) in nodes.enumerated() {
                if let entry = playlistEntry(entryNode, of: member.key, at: "\(path)[\(index)]") {
                    entries.append(entry)
                }
            }
            if entries.count < nodes.count { alreadyReported.insert(path) }
            playlists.append(PlaylistConfiguration(name: member.key, entries: entries))
        }
        return playlists
    }

    private mutating func playlistEntry(_ node: JSONNode, of name: String, at path: String) -> PlaylistEntry?
    {
        note(path, node.location)
        let what = "an entry of playlist '\(name)'"
        guard let fields = reader.object(node, allowed: ["pager", "seconds", "rotate"], what: what) else {
            return nil
        }
        note(path + ".pager", fields["pager"]?.value.location)
        note(path + ".seconds", fields["seconds"]?.value.location)
        note(path + ".rotate", fields["rotate"]?.value.location)
        let pager = reader.string(fields, "pager", in: what, required: true)
        guard fields["seconds"] != nil else {
            reader.reportMissing("seconds", in: what, fields)
            return nil
        }
        guard let pager, let seconds = reader.number(fields, "seconds") else { return nil }
        var entry = PlaylistEntry(pager: pager, seconds: seconds)
        if let member = fields["rotate"], !isNull(member.value) {
            guard let rotate = reader.number(member.value, named: "rotate") else { return nil }
            entry.rotate = rotate
        }
        return entry
    }
}
