import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// An epoll instance (level-triggered) owned by one thread.
///
/// Descriptors are registered with their own fd as the event's data, so a
/// ready event names the socket directly.
struct Epoll: ~Copyable {
    /// The epoll descriptor.
    let fd: Int32

    init() throws(POSIXCallError) {
        fd = try syscallRetrying("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    deinit { Socket.close(fd) }

    /// Interest flags.
    struct Interest: OptionSet {
        let rawValue: UInt32
        static let read = Interest(rawValue: EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        static let write = Interest(rawValue: EPOLLOUT.rawValue)
        /// The peer closed or reset, without reading: what a stream's connection watches.
        static let hangUp = Interest(rawValue: EPOLLRDHUP.rawValue)
    }

    func add(_ target: Int32, _ interest: Interest) throws(POSIXCallError) {
        try control(EPOLL_CTL_ADD, target, interest)
    }

    func modify(_ target: Int32, _ interest: Interest) throws(POSIXCallError) {
        try control(EPOLL_CTL_MOD, target, interest)
    }

    func remove(_ target: Int32) {
        _ = epoll_ctl(fd, EPOLL_CTL_DEL, target, nil)
    }

    private func control(_ operation: Int32, _ target: Int32, _ interest: Interest) throws(POSIXCallError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.fd = target
        _ = try syscallRetrying("epoll_ctl") { epoll_ctl(fd, operation, target, &event) }
    }

    /// Waits up to `timeoutMilliseconds` (-1 forever); returns how many events were filled in.
    func wait(into events: UnsafeMutableBufferPointer<epoll_event>, timeoutMilliseconds: Int32)
        throws(POSIXCallError) -> Int
    {
        let result = try syscall("epoll_wait") {
            epoll_wait(fd, events.baseAddress, Int32(events.count), timeoutMilliseconds)
        }
        switch result {
        case .processed(let count): return Int(count)
        case .wouldBlock: return 0
        }
    }
}

/// An eventfd used to wake an epoll loop from another thread.
struct EventFD: Sendable {
    /// The descriptor, registered for reading in the loop it wakes.
    let fd: Int32

    init() throws(POSIXCallError) {
        fd = try syscallRetrying("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    /// Makes the descriptor readable; safe from any thread.
    func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(fd, &one, 8)
    }

    /// Clears the readable state after a wake-up.
    func drain() {
        var value: UInt64 = 0
        _ = Glibc.read(fd, &value, 8)
    }

    func close() { Socket.close(fd) }
}

/// Monotonic time in nanoseconds, for deadlines that wall-clock changes must not move.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
