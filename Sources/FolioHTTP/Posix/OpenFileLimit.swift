#if canImport(Glibc)
    import Glibc
#endif

/// The process's limit on open file descriptors, which bounds how many
/// connections a server can hold whatever its own cap says.
public enum OpenFileLimit {
    /// Descriptors kept back from connections for the listener, event fds,
    /// the state store, static files and logs.
    public static let reserved = 64

    /// The soft limit now in force, or `nil` when it cannot be read.
    public static var current: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)  // RLIM_INFINITY is all ones
    }

    /// Raises the soft limit to the hard limit, as Go's runtime and nginx's
    /// `worker_rlimit_nofile` do, and returns the limit then in force.
    ///
    /// A process owner calls this (`folio serve` does); a library should not.
    @discardableResult
    public static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            _ = setrlimit(resource, &raised)
        }
        return current
    }

    /// The most connections a server can hold under the current limit.
    static func connectionCap(configured: Int) -> Int {
        guard let current, current < Int.max else { return configured }
        return max(1, min(configured, current - reserved))
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
