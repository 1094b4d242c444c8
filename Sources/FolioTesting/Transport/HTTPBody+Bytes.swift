import FolioHTTP

extension HTTPBody {
    /// The whole body in one buffer, as a browser receives it (parts joined, a file region read).
    var joinedBytes: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .parts(let parts): parts.flatMap { $0 }
        case .file(let region): region.readAll() ?? []
        }
    }
}
