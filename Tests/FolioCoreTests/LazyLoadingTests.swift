import FolioCore
import Testing

/// Seeds 001 and 003: a page's content loads only when it is first shown;
/// with a cache limit, the least recently shown page is unloaded first.
@Suite struct LazyLoadingTests {
    @Test func aNeverShownPageIsNeverLoaded() throws {
        var state = try Essence.shown()
        var loads: [PagerEffect] = try state.send(.titleTapped(index: 1))
        loads += try state.send(.titleTapped(index: 4))
        loads += try state.send(.titleTapped(index: 1))
        #expect(
            loads.filter { if case .load = $0 { true } else { false } } == [.load("video"), .load("word")])
        for key in ["voice", "picture"] {
            #expect(!state.isLoaded(key))
        }
        #expect(state.loadedKeys == ["all", "word", "video"])  // least recently shown first
    }

    @Test func aCacheLimitOfTwoUnloadsTheLeastRecentlyShownPageAfterTheChange() throws {
        var state = try Essence.shown(cacheLimit: 2)
        _ = try state.send(.titleTapped(index: 1))
        #expect(state.loadedKeys == ["all", "video"])
        let effects = try state.send(.titleTapped(index: 2))
        #expect(
            effects == [
                .willDisappear("video"), .load("voice"), .willAppear("voice"),
                .didDisappear("video"), .didAppear("voice"), .pageDidShow("voice"),
                .unload("all"),
            ])
        #expect(state.loadedKeys == ["video", "voice"])
    }

    @Test func recencyIsByShowingNotByLoading() throws {
        var state = try Essence.shown(cacheLimit: 2)
        _ = try state.send(.titleTapped(index: 1))  // loaded: all, video
        _ = try state.send(.titleTapped(index: 0))  // all shown again: video is now least recent
        let effects = try state.send(.titleTapped(index: 3))
        #expect(effects.last == .unload("video"))
        #expect(state.loadedKeys == ["all", "picture"])
    }

    @Test func anUnloadedPageLoadsAgainWhenShownAgain() throws {
        var state = try Essence.shown(cacheLimit: 2)
        _ = try state.send(.titleTapped(index: 1))
        _ = try state.send(.titleTapped(index: 2))  // unloads all
        let effects = try state.send(.titleTapped(index: 0))
        #expect(
            effects == [
                .willDisappear("voice"), .load("all"), .willAppear("all"),
                .didDisappear("voice"), .didAppear("all"), .pageDidShow("all"),
                .unload("video"),
            ])
    }

    @Test func aCacheLimitOfOneUnloadsThePreviousPageOnlyAfterItDisappeared() throws {
        var state = try Essence.shown(cacheLimit: 1)
        let effects = try state.send(.titleTapped(index: 4))
        #expect(
            effects == [
                .willDisappear("all"), .load("word"), .willAppear("word"),
                .didDisappear("all"), .didAppear("word"), .pageDidShow("word"),
                .unload("all"),
            ])
        #expect(state.loadedKeys == ["word"])
    }

    @Test func withoutALimitEveryShownPageStaysLoaded() throws {
        var state = try Essence.shown()
        for index in [1, 2, 3, 4, 0] {
            _ = try state.send(.titleTapped(index: index))
        }
        #expect(state.loadedKeys == ["video", "voice", "picture", "word", "all"])
    }
}
