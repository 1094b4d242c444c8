#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value that threads share, read by many at once and changed by one at
/// a time (a pthread read-write lock, which ThreadSanitizer understands as
/// it does `LockedValue`'s mutex).
///
/// For a value read on every request and changed rarely: under a mutex the
/// event loops' reads queued on each other.
public final class ReadWriteLockedValue<Value>: @unchecked Sendable {
    // Inlinable, so that a reader borrows the value in place: through a
    // generic call the value was copied for each read.
    @usableFromInline let lock: UnsafeMutablePointer<pthread_rwlock_t>
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    /// Wraps `value`, which from now on is reached only through `withReadLock` and `withWriteLock`.
    public init(_ value: sending Value) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
            // A steady stream of readers must not keep a writer out for good.
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        precondition(pthread_rwlock_init(lock, &attributes) == 0, "pthread_rwlock_init failed")
        pthread_rwlockattr_destroy(&attributes)
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with the value while other readers may too; keep it
    /// short and never take this lock again from it.
    @inlinable
    public func withReadLock<Result, Failure: Error>(
        _ body: (borrowing Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(storage.pointee)
    }

    /// Runs `body` with the value while no one else holds the lock.
    @inlinable
    public func withWriteLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&storage.pointee)
    }
}
