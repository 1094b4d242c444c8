#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object per thread, made on the thread's first use and released when
/// the thread ends: state each thread may change without a lock, where a
/// shared one behind a lock had the event loops queue on it.
///
/// Meant for objects that live as long as the process (held in a `static`):
/// deinitializing a `ThreadLocal` deletes its key, and the objects of
/// threads still running are then kept until the process ends.
public final class ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// - Parameter make: Makes a thread's object, on that thread.
    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { object in
            // The thread ended: its reference goes.
            guard let object else { return }
            Unmanaged<AnyObject>.fromOpaque(object).release()
        }
        precondition(created == 0, "pthread_key_create failed")
        self.key = key
        self.make = make
    }

    deinit {
        pthread_key_delete(key)
    }

    /// The calling thread's object.
    public var value: Value {
        if let object = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(object).takeUnretainedValue()
        }
        let object = make()
        precondition(
            pthread_setspecific(key, Unmanaged.passRetained(object as AnyObject).toOpaque()) == 0,
            "pthread_setspecific failed")
        return object
    }
}
