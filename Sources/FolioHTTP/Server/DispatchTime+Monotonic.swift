import Dispatch

extension DispatchTime {
    /// The dispatch time of `deadline`, in monotonic nanoseconds as
    /// `monotonicNanoseconds()` gives them; now when it has passed.
    static func monotonic(_ deadline: UInt64) -> DispatchTime {
        let now = monotonicNanoseconds()
        let remaining = deadline > now ? deadline - now : 0
        return .now() + .nanoseconds(Int(min(remaining, UInt64(Int.max))))
    }
}
