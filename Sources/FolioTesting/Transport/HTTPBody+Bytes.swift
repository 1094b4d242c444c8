import FolioHTTP

extension HTTPBody {
    /// The whole body in one buffer, as a browser receives it (parts joined).
    var joinedBytes: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .parts(let parts): parts.flatMap { $0 }
        }
    }
}
