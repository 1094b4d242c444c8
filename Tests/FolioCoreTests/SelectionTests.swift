import FolioCore
import Testing

/// Selecting pages by tap and by scroll end (seeds 001, 002), with the
/// complete lifecycle each change emits.
@Suite struct SelectionTests {
    @Test func appearingLoadsAndShowsTheSelectedPageOnly() throws {
        var state = try Essence.state()
        #expect(state.selection == .notAppeared(index: 0))
        let effects = try state.send(.appeared)
        #expect(effects == [.load("all"), .willAppear("all"), .didAppear("all"), .pageDidShow("all")])
        #expect(state.selection == .shown(index: 0))
        #expect(state.loadedKeys == ["all"])
    }

    @Test func appearingTwiceEmitsNothing() throws {
        var state = try Essence.shown()
        let before = try encoded(state)
        #expect(try state.send(.appeared) == [])
        #expect(try encoded(state) == before)
    }

    @Test func tappingATitleRunsTheWholeLifecycleOnceInOrder() throws {
        var state = try Essence.shown()
        let effects = try state.send(.titleTapped(index: 2))
        #expect(
            effects == [
                .willDisappear("all"), .load("voice"), .willAppear("voice"),
                .didDisappear("all"), .didAppear("voice"), .pageDidShow("voice"),
            ])
        #expect(state.selection == .shown(index: 2))
        #expect(state.selectedPage == Page(key: "voice", title: "声音"))
    }

    @Test func tappingALoadedPageDoesNotLoadItAgain() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 2))
        let effects = try state.send(.titleTapped(index: 0))
        #expect(
            effects == [
                .willDisappear("voice"), .willAppear("all"), .didDisappear("voice"), .didAppear("all"),
                .pageDidShow("all"),
            ])
    }

    @Test func tappingByKeyIsTheSameAsTappingByIndex() throws {
        var byIndex = try Essence.shown()
        var byKey = try Essence.shown()
        #expect(try byKey.send(.titleTappedKey("picture")) == byIndex.send(.titleTapped(index: 3)))
        #expect(byKey == byIndex)
    }

    @Test(arguments: 0..<5)
    func tappingTheCurrentTitleChangesNothingAndEmitsNothing(index: Int) throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: index))
        let before = try encoded(state)
        #expect(try state.send(.titleTapped(index: index)) == [])
        #expect(try state.send(.titleTappedKey(Essence.keys[index])) == [])
        #expect(try encoded(state) == before)
    }

    @Test func scrollEndAtThreePageWidthsSelectsPageThreeWithTheFullLifecycleOnce() throws {
        var state = try Essence.shown()
        let effects = try state.send(.scrollEnded(offset: 3 * 375, pageWidth: 375))
        #expect(
            effects == [
                .willDisappear("all"), .load("picture"), .willAppear("picture"),
                .didDisappear("all"), .didAppear("picture"), .pageDidShow("picture"),
            ])
        #expect(state.selectedIndex == 3)
        #expect(try state.send(.scrollEnded(offset: 3 * 375, pageWidth: 375)) == [])
    }

    @Test func scrollEndRoundsDownAndClampsToTheLastPage() throws {
        #expect(try PagerState.pageIndex(offset: 374.9, pageWidth: 375, count: 5) == 0)
        #expect(try PagerState.pageIndex(offset: 375, pageWidth: 375, count: 5) == 1)
        #expect(try PagerState.pageIndex(offset: 0.3, pageWidth: 0.1, count: 5) == 3)  // 2.9999999999999996
        #expect(try PagerState.pageIndex(offset: 99 * 375, pageWidth: 375, count: 5) == 4)
        #expect(try PagerState.pageIndex(offset: 1e308, pageWidth: 1e-300, count: 5) == 4)
    }

    @Test func scrollEndOnTheCurrentPageEmitsNothing() throws {
        var state = try Essence.shown()
        #expect(try state.send(.scrollEnded(offset: 200, pageWidth: 375)) == [])
    }

    @Test func tapsBeforeAppearingOnlyChooseTheFirstPage() throws {
        var state = try Essence.state()
        #expect(try state.send(.titleTapped(index: 4)) == [])
        #expect(state.selection == .notAppeared(index: 4))
        #expect(state.loadedKeys.isEmpty)
        #expect(
            try state.send(.appeared) == [
                .load("word"), .willAppear("word"), .didAppear("word"), .pageDidShow("word"),
            ])
    }

    @Test func selectBeforeAppearingAppearsOnTheChosenPageOnly() throws {
        var state = try Essence.state()
        #expect(
            try state.select(key: "video") == [
                .load("video"), .willAppear("video"), .didAppear("video"), .pageDidShow("video"),
            ])
        #expect(state.loadedKeys == ["video"])
    }
}
