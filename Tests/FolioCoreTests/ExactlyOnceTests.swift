import FolioCore
import Testing

/// Doubled or missing callbacks are the most reported bug in iOS pager
/// libraries. Thousands of random events, valid and not, in every
/// configuration: each effect list must replay cleanly against a model of
/// what a page may receive next, and match the state it leaves.
@Suite struct ExactlyOnceTests {
    static let configurations: [(cacheLimit: Int?, transition: Transition)] = [
        (nil, .slide), (1, .slide), (2, .slide), (nil, .crossDissolve(duration: 0.3)),
        (1, .crossDissolve(duration: 0.3)), (2, .crossDissolve(duration: 0.3)),
        (3, .crossDissolve(duration: 0.3)),
    ]

    @Test(arguments: configurations)
    func randomEventsNeverDoubleOrDropACallback(cacheLimit: Int?, transition: Transition) throws {
        var random = SplitMix64(seed: 2026)
        var state = try Essence.state(cacheLimit: cacheLimit, transition: transition)
        var tracker = LifecycleTracker(children: Essence.keys)
        let keyPool = Essence.keys + ["hot", "new", "top"]
        var kindsSeen = Set<String>()
        var accepted = 0
        for _ in 0..<3000 {
            let before = state
            let count = state.pages.count
            let effects: [PagerEffect]
            do {
                switch random.next() % 9 {
                case 0: effects = try state.send(.appeared)
                case 1:
                    effects = try state.send(.titleTapped(index: Int(random.next() % UInt64(count + 2)) - 1))
                case 2:
                    effects = try state.send(
                        .titleTappedKey(keyPool[Int(random.next() % UInt64(keyPool.count))]))
                case 3:
                    let offset = Double(Int(random.next() % 2000) - 100)
                    effects = try state.send(
                        .scrollEnded(offset: offset, pageWidth: Double(random.next() % 400)))
                case 4: effects = try state.send(.transitionFinished)
                case 5:
                    let key = keyPool[Int(random.next() % UInt64(keyPool.count))]
                    let page = Page(key: key, title: key)
                    effects = try state.send(.pageAdded(page, at: Int(random.next() % UInt64(count + 2))))
                case 6:
                    effects = try state.send(
                        .pageRemoved(key: keyPool[Int(random.next() % UInt64(keyPool.count))]))
                case 7: effects = try state.select(index: Int(random.next() % UInt64(count)))
                default: effects = try state.send(.titleTapped(index: Int(random.next() % UInt64(count))))
                }
            } catch {
                #expect(state == before, "\(error) changed the state")
                continue
            }
            tracker.apply(effects)
            tracker.check(state)
            accepted += 1
            for effect in effects {
                kindsSeen.insert(String(describing: effect).prefix { $0 != "(" }.description)
            }
        }
        // The walk must reach every kind of effect, or it proves little.
        #expect(accepted > 1500)
        #expect(kindsSeen.count == 9, "saw only \(kindsSeen.sorted())")
    }
}

/// A small deterministic generator, so a failure replays identically.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
