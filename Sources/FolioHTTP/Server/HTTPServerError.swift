/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `host` is not an IPv4/IPv6 literal or `port` is outside 0...65535.
    case invalidAddress(host: String, port: Int)
    /// Creating, binding or listening on the socket failed (e.g. the port is in use).
    case bindFailed(host: String, port: Int, POSIXCallError)
    /// A thread's epoll or eventfd could not be created.
    case setupFailed(POSIXCallError)
    /// `start()` was called twice.
    case alreadyStarted

    /// A short human-readable message.
    public var description: String {
        switch self {
        case .invalidAddress(let host, let port): "invalid address \(host) port \(port)"
        case .bindFailed(let host, let port, let error): "cannot listen on \(host):\(port): \(error)"
        case .setupFailed(let error): "cannot set up the event loop: \(error)"
        case .alreadyStarted: "the server is already started"
        }
    }
}
