@testable import FolioHTTP

/// The clock and deadlines the state-machine tests share: times are
/// monotonic nanoseconds, so `3 * second` is three seconds in.
let second: UInt64 = 1_000_000_000

extension HTTPTimeouts {
    /// Head 2 s, body 3 s, idle 5 s, write 4 s: distinct, so a test can tell which one fired.
    static let distinct = HTTPTimeouts(
        head: .seconds(2), body: .seconds(3), idle: .seconds(5), write: .seconds(4))
}
