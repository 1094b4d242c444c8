import Dispatch
import FolioSync

/// A value that a completion sets, once, and a thread waits for: how the
/// blocking calls of the stores wait on their asynchronous ones.
final class Waited<Value: Sendable>: Sendable {
    private let value = LockedValue<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init() {}

    /// Sets the value and wakes the waiter.
    @Sendable func set(_ newValue: Value) {
        value.withLock { $0 = newValue }
        done.signal()
    }

    /// The value, once set.
    func wait() -> Value {
        done.wait()
        return value.withLock { $0! }
    }
}
