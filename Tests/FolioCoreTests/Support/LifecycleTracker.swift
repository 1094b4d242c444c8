import FolioCore
import Testing

/// Replays effects against a model of what each page may receive next, and
/// records an issue for any callback that is doubled, missing or out of order.
struct LifecycleTracker {
    enum Visibility { case hidden, appearing, visible, disappearing }

    private(set) var visibility: [String: Visibility] = [:]
    private(set) var loaded: Set<String> = []
    private(set) var children: Set<String>
    private var moving: [String: Bool] = [:]

    init(children: [String]) {
        self.children = Set(children)
        for key in children { visibility[key] = .hidden }
    }

    mutating func apply(_ effects: [PagerEffect], sourceLocation: SourceLocation = #_sourceLocation) {
        var previous: PagerEffect?
        for effect in effects {
            let key = effect.key
            func require(_ condition: Bool) {
                if !condition {
                    Issue.record("\(effect) not allowed here in \(effects)", sourceLocation: sourceLocation)
                }
            }
            switch effect {
            case .load:
                require(children.contains(key) && !loaded.contains(key))
                loaded.insert(key)
            case .unload:
                require(loaded.contains(key) && visibility[key] == .hidden)
                loaded.remove(key)
            case .willAppear:
                require(loaded.contains(key) && visibility[key] == .hidden)
                visibility[key] = .appearing
            case .didAppear:
                require(visibility[key] == .appearing)
                visibility[key] = .visible
            case .pageDidShow:
                require(visibility[key] == .visible && previous == .didAppear(key))
            case .willDisappear:
                require(visibility[key] == .visible)
                visibility[key] = .disappearing
            case .didDisappear:
                require(visibility[key] == .disappearing)
                visibility[key] = .hidden
            case .willMove(_, let toParent):
                require(moving[key] == nil && children.contains(key) != toParent)
                require(toParent || visibility[key] == .hidden)
                moving[key] = toParent
            case .didMove(_, let toParent):
                require(moving[key] == toParent)
                moving[key] = nil
                if toParent {
                    children.insert(key)
                    visibility[key] = .hidden
                } else {
                    require(!loaded.contains(key))
                    children.remove(key)
                    visibility[key] = nil
                }
            }
            previous = effect
        }
        if !moving.isEmpty { Issue.record("unfinished move in \(effects)", sourceLocation: sourceLocation) }
    }

    /// Checks the model against the state after an event.
    func check(_ state: PagerState, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(children == Set(state.pages.map(\.key)), sourceLocation: sourceLocation)
        #expect(loaded == Set(state.loadedKeys), sourceLocation: sourceLocation)
        let keys = state.pages.map(\.key)
        var expected = Dictionary(uniqueKeysWithValues: keys.map { ($0, Visibility.hidden) })
        switch state.selection {
        case .notAppeared: break
        case .shown(let index): expected[keys[index]] = .visible
        case .transitioning(let from, let to):
            expected[keys[from]] = .disappearing
            expected[keys[to]] = .appearing
        }
        #expect(visibility == expected, sourceLocation: sourceLocation)
        if let limit = state.cacheLimit, !state.selection.isTransitioning {
            #expect(state.loadedKeys.count <= limit, sourceLocation: sourceLocation)
        }
    }
}
