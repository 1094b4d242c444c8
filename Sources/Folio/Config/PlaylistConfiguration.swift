/// A wall-screen playlist (`"playlists": {"wall": [...]}`): the pagers a
/// screen at `/playlist/{name}` cycles through, each for its own time.
public struct PlaylistConfiguration: Sendable, Hashable {
    /// The playlist's name, a URL slug like a pager's key.
    public var name: String
    /// The pagers in the order shown; never empty.
    public var entries: [PlaylistEntry]

    /// Creates a playlist.
    public init(name: String, entries: [PlaylistEntry]) {
        self.name = name
        self.entries = entries
    }
}

/// One pager of a playlist and how long it stays.
public struct PlaylistEntry: Sendable, Hashable {
    /// The key of the pager shown.
    public var pager: String
    /// Seconds before the playlist moves on to its next entry.
    public var seconds: Double
    /// Seconds each page stays within the entry's time; `nil` (default)
    /// for the pager's own `rotate`, and with neither the entry shows the
    /// pager's first page the viewer may see for its whole time.
    public var rotate: Double?

    /// Creates an entry.
    public init(pager: String, seconds: Double, rotate: Double? = nil) {
        self.pager = pager
        self.seconds = seconds
        self.rotate = rotate
    }
}
