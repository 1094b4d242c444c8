#if canImport(Glibc)
    import Glibc
#endif

/// An error from one system call: the call's name and the `errno` it left.
public struct POSIXCallError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The name of the failed call, such as `"bind"`.
    public var call: String
    /// The `errno` value the call left behind.
    public var errno: Int32

    /// A line such as `bind: Address already in use (errno 98)`.
    public var description: String {
        "\(call): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// The outcome of a non-blocking call: done with a value, or it would have blocked.
enum IOResult<Value> {
    /// The call completed and produced `Value`.
    case processed(Value)
    /// The call returned `EAGAIN`/`EWOULDBLOCK`; wait for readiness and try again.
    case wouldBlock
}

/// Runs a system call, retrying on `EINTR`, turning `EAGAIN` into `.wouldBlock`
/// and any other failure into a `POSIXCallError` naming the call.
///
/// Every syscall in FolioHTTP goes through here (or `syscallRetrying`) so the
/// three outcomes are handled the same way everywhere.
@inline(__always)
func syscall<T: FixedWidthInteger>(
    _ name: @autoclosure () -> String, _ body: () -> T
) throws(POSIXCallError) -> IOResult<T> {
    while true {
        let result = body()
        if result >= 0 { return .processed(result) }
        let code = Glibc.errno
        switch code {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        default: throw POSIXCallError(call: name(), errno: code)
        }
    }
}

/// Like `syscall` for calls that never return `EAGAIN` (bind, listen, epoll_ctl).
@inline(__always)
func syscallRetrying<T: FixedWidthInteger>(
    _ name: @autoclosure () -> String, _ body: () -> T
) throws(POSIXCallError) -> T {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw POSIXCallError(call: name(), errno: code)
    }
}
