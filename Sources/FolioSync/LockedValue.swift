#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that threads share, reached only while holding its lock.
///
/// Folio's modules use this instead of `Synchronization.Mutex` because on
/// Linux that Mutex locks through a futex in an uninstrumented library, so
/// ThreadSanitizer sees no ordering between two `withLock` calls and reports
/// races that are not there (`Tests/Security/MutexProbe.swift` shows it);
/// a pthread mutex is what ThreadSanitizer understands, which lets the test
/// command run every Swift suite under it without suppressions.
public final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let storage: UnsafeMutablePointer<Value>

    /// Wraps `value`, which from now on is reached only through `withLock`.
    public init(_ value: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; keep it short and
    /// never call back into the same `LockedValue` from it.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
