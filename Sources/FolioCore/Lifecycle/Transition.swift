/// How a pager's content changes when the selection does.
public enum Transition: Sendable, Codable, Hashable {
    /// The content slides to the new page (seeds 001, 003). A tap emits the
    /// whole lifecycle at once.
    case slide
    /// The old page fades into the new one over `duration` seconds (seed 002).
    /// A tap emits the will-half; ``PagerEvent/transitionFinished`` the
    /// did-half. A duration of 0 completes at once, like ``slide``.
    case crossDissolve(duration: Double)

    /// The animation length in seconds: 0 for ``slide``.
    public var duration: Double {
        switch self {
        case .slide: return 0
        case .crossDissolve(let duration): return duration
        }
    }
}
