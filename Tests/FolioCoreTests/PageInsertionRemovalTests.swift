import FolioCore
import Testing

/// Seed 002's child add/remove lifecycle: pages added or removed at runtime
/// get willMove/didMove, and the selection stays on the same page wherever
/// it still exists.
@Suite struct PageInsertionRemovalTests {
    let hot = Page(key: "hot", title: "热门")

    @Test func addingAPageEmitsTheMovePairAndDoesNotLoadIt() throws {
        var state = try Essence.shown()
        let effects = try state.send(.pageAdded(hot, at: 5))
        #expect(effects == [.willMove("hot", toParent: true), .didMove("hot", toParent: true)])
        #expect(state.pages.last == hot)
        #expect(!state.isLoaded("hot"))
    }

    @Test func addingAPageBeforeTheSelectionKeepsTheSamePageSelected() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 2))
        _ = try state.send(.pageAdded(hot, at: 0))
        #expect(state.selection == .shown(index: 3))
        #expect(state.selectedPage.key == "voice")
    }

    @Test func addingAPageDuringATransitionKeepsBothEndsOnTheirPages() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 2))
        _ = try state.send(.pageAdded(hot, at: 1))
        #expect(state.selection == .transitioning(from: 0, to: 3))
        #expect(
            try state.send(.transitionFinished) == [
                .didDisappear("headlines"), .didAppear("focus"), .pageDidShow("focus"),
            ])
    }

    @Test func removingALoadedPageThatIsNotShownUnloadsItBetweenTheMovePair() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 1))
        _ = try state.send(.titleTapped(index: 3))
        let effects = try state.send(.pageRemoved(key: "video"))
        #expect(
            effects == [
                .willMove("video", toParent: false), .unload("video"), .didMove("video", toParent: false),
            ])
        #expect(state.selectedPage.key == "picture")
        #expect(state.selection == .shown(index: 2))
        #expect(state.loadedKeys == ["all", "picture"])
    }

    @Test func removingANeverShownPageEmitsOnlyTheMovePair() throws {
        var state = try Essence.shown()
        #expect(
            try state.send(.pageRemoved(key: "word")) == [
                .willMove("word", toParent: false), .didMove("word", toParent: false),
            ])
        #expect(state.pages.map(\.key) == ["all", "video", "voice", "picture"])
    }

    @Test func removingTheShownPageShowsItsRightNeighbourWithTheFullLifecycleFirst() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 2))
        let effects = try state.send(.pageRemoved(key: "voice"))
        #expect(
            effects == [
                .willDisappear("voice"), .load("picture"), .willAppear("picture"),
                .didDisappear("voice"), .didAppear("picture"), .pageDidShow("picture"),
                .willMove("voice", toParent: false), .unload("voice"), .didMove("voice", toParent: false),
            ])
        #expect(state.selection == .shown(index: 2))
        #expect(state.selectedPage.key == "picture")
    }

    @Test func removingTheShownLastPageShowsItsLeftNeighbour() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 4))
        let effects = try state.send(.pageRemoved(key: "word"))
        #expect(
            effects == [
                .willDisappear("word"), .load("picture"), .willAppear("picture"),
                .didDisappear("word"), .didAppear("picture"), .pageDidShow("picture"),
                .willMove("word", toParent: false), .unload("word"), .didMove("word", toParent: false),
            ])
        #expect(state.selectedPage.key == "picture")
        #expect(state.selectedIndex == 3)
    }

    @Test func removingDuringATransitionFinishesItFirst() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        let effects = try state.send(.pageRemoved(key: "headlines"))
        #expect(
            effects == [
                .didDisappear("headlines"), .didAppear("today"), .pageDidShow("today"),
                .willMove("headlines", toParent: false), .unload("headlines"),
                .didMove("headlines", toParent: false),
            ])
        #expect(state.selection == .shown(index: 0))
        #expect(state.selectedPage.key == "today")
    }

    @Test func removingTheFirstPageBeforeAppearingMovesTheSelectionSilently() throws {
        var state = try Essence.state()
        #expect(
            try state.send(.pageRemoved(key: "all")) == [
                .willMove("all", toParent: false), .didMove("all", toParent: false),
            ])
        #expect(state.selection == .notAppeared(index: 0))
        #expect(state.selectedPage.key == "video")
        #expect(state.loadedKeys.isEmpty)
    }

    @Test func aRemovedKeyCanBeAddedAgainAndLoadsAfresh() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 1))
        _ = try state.send(.pageRemoved(key: "video"))
        _ = try state.send(.pageAdded(Page(key: "video", title: "视频"), at: 1))
        #expect(try state.send(.titleTappedKey("video")).contains(.load("video")))
    }
}
