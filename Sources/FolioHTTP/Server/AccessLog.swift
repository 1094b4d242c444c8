#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per request to stderr: `GET /path 200 10240 87us`.
struct AccessLog {
    /// Whether lines are written at all.
    let enabled: Bool

    /// Logs one answered request.
    ///
    /// - Parameters:
    ///   - method: the method, or `-` when the request was rejected before one was known.
    ///   - target: the request target as sent (visible ASCII only, so safe in a log).
    ///   - bytes: the body bytes sent.
    ///   - microseconds: from the parsed request to the queued response.
    func record(method: String, target: String, status: Int, bytes: Int, microseconds: UInt64) {
        guard enabled else { return }
        var line = "\(method) \(target) \(status) \(bytes) \(microseconds)us\n"
        // One write per line keeps lines from different loops whole.
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
