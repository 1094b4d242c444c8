import FolioHTTP

extension HTTPBody {
    /// The whole body in one buffer, as a browser receives it (empty if a file region cannot be read).
    var joinedBytes: [UInt8] { collectedBytes() ?? [] }
}
