import FolioTemplate

extension ConfigurationValidator {
    /// A time a wall screen shows something for: `PageRotation.allowedSeconds`.
    mutating func checkRotation(_ seconds: Double, named name: String, at path: String) {
        checkRange(
            seconds, PageRotation.allowedSeconds.lowerBound...PageRotation.allowedSeconds.upperBound,
            named: name, at: path)
    }

    /// Playlists: slug names, unique; at least one entry each; every entry
    /// names a configured pager and stays an allowed time.
    mutating func checkPlaylists() {
        let pagers = Set(configuration.pagers.map(\.key))
        var seen: Set<String> = []
        for playlist in configuration.playlists {
            let path = "playlists." + playlist.name
            if checkKey(playlist.name, at: path, reserved: []), !seen.insert(playlist.name).inserted {
                report(path, "duplicate playlist '\(playlist.name)'")
            }
            if playlist.entries.isEmpty {
                report(path, "playlist '\(playlist.name)' must list at least one pager")
            }
            for (index, entry) in playlist.entries.enumerated() {
                let entryPath = "\(path)[\(index)]"
                if !pagers.contains(entry.pager) {
                    report(
                        entryPath + ".pager",
                        "playlist '\(playlist.name)' names no pager '\(entry.pager)' (pagers: \(pagers.sorted().joined(separator: ", ")))"
                    )
                }
                checkRotation(entry.seconds, named: "seconds", at: entryPath + ".seconds")
                if let rotate = entry.rotate {
                    checkRotation(rotate, named: "rotate", at: entryPath + ".rotate")
                }
            }
        }
    }
}
