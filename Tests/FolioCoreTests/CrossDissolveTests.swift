import FolioCore
import Testing

/// Seed 002: a cross-dissolve of 0.3 s; the current child only changes when
/// the transition finishes, so the tap emits the will-half and
/// `transitionFinished` the did-half.
@Suite struct CrossDissolveTests {
    @Test func aTapStartsTheTransitionWithTheWillHalfOnly() throws {
        var state = try News.shown()
        let effects = try state.send(.titleTapped(index: 1))
        #expect(effects == [.willDisappear("headlines"), .load("today"), .willAppear("today")])
        #expect(state.selection == .transitioning(from: 0, to: 1))
        #expect(state.selectedIndex == 1)  // the title bar already selects the target
        #expect(state.selection.currentIndex == 0)  // the content is still the old page
    }

    @Test func finishingTheTransitionEmitsTheDidHalfAndRestsOnTheTarget() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        let effects = try state.send(.transitionFinished)
        #expect(effects == [.didDisappear("headlines"), .didAppear("today"), .pageDidShow("today")])
        #expect(state.selection == .shown(index: 1))
    }

    @Test func tappingTheTargetDuringTheTransitionEmitsNothing() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 2))
        let before = try encoded(state)
        #expect(try state.send(.titleTapped(index: 2)) == [])
        #expect(try encoded(state) == before)
    }

    @Test func tappingAnotherTitleDuringTheTransitionFinishesThePendingOneFirst() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        let effects = try state.send(.titleTapped(index: 2))
        #expect(
            effects == [
                .didDisappear("headlines"), .didAppear("today"), .pageDidShow("today"),
                .willDisappear("today"), .load("focus"), .willAppear("focus"),
            ])
        #expect(state.selection == .transitioning(from: 1, to: 2))
    }

    @Test func tappingTheOldPageDuringTheTransitionGoesBackWithItsOwnTransition() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        let effects = try state.send(.titleTapped(index: 0))
        #expect(
            effects == [
                .didDisappear("headlines"), .didAppear("today"), .pageDidShow("today"),
                .willDisappear("today"), .willAppear("headlines"),
            ])
        #expect(state.selection == .transitioning(from: 1, to: 0))
    }

    @Test func selectingThePageShownEmitsNothingAndChangesNothing() throws {
        var state = try News.shown()
        let before = try encoded(state)
        #expect(try state.select(index: 0) == [])
        #expect(try encoded(state) == before)
    }

    @Test func selectCompletesTheTransitionImmediately() throws {
        var state = try News.shown()
        let effects = try state.select(index: 2)
        #expect(
            effects == [
                .willDisappear("headlines"), .load("focus"), .willAppear("focus"),
                .didDisappear("headlines"), .didAppear("focus"), .pageDidShow("focus"),
            ])
        #expect(state.selection == .shown(index: 2))
    }

    @Test func selectingTheTargetOfAPendingTransitionFinishesIt() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        #expect(
            try state.select(key: "today") == [
                .didDisappear("headlines"), .didAppear("today"), .pageDidShow("today"),
            ])
        #expect(try state.select(key: "today") == [])
    }

    @Test func theCacheIsTrimmedWhenTheTransitionFinishesNotWhenItStarts() throws {
        var state = try News.shown(cacheLimit: 1)
        #expect(
            try state.send(.titleTapped(index: 1)) == [
                .willDisappear("headlines"), .load("today"), .willAppear("today"),
            ])
        #expect(state.loadedKeys == ["headlines", "today"])  // both visible while they dissolve
        #expect(
            try state.send(.transitionFinished) == [
                .didDisappear("headlines"), .didAppear("today"), .pageDidShow("today"), .unload("headlines"),
            ])
    }

    @Test func aZeroLengthCrossDissolveCompletesAtOnce() throws {
        var state = try PagerState(pages: News.pages, transition: .crossDissolve(duration: 0))
        _ = try state.send(.appeared)
        #expect(try state.send(.titleTapped(index: 1)).count == 6)
        #expect(state.selection == .shown(index: 1))
    }

    @Test func slideTransitionsNeverWaitForAFinish() throws {
        var state = try Essence.shown()
        _ = try state.send(.titleTapped(index: 1))
        #expect(state.selection == .shown(index: 1))
        #expect(throws: PagerError.noTransitionInProgress) { try state.send(.transitionFinished) }
    }
}
