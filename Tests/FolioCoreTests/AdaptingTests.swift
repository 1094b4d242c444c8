import FolioCore
import Foundation
import Testing

/// A stored pager adapted to a new page list: selection, loaded pages and
/// titles are kept by key, and the change is described.
@Suite struct AdaptingTests {
    let hot = Page(key: "hot", title: "热门")

    /// Essence shown, with `keys` shown in this order (the last one selected).
    func essence(showing keys: [String], cacheLimit: Int? = nil) throws -> PagerState {
        var state = try Essence.shown(cacheLimit: cacheLimit)
        for key in keys { _ = try state.select(key: key) }
        return state
    }

    func pages(_ keys: [String]) -> [Page] {
        keys.map { key in Essence.pages.first { $0.key == key } ?? Page(key: key, title: key) }
    }

    @Test func anUnchangedListChangesNothing() throws {
        let state = try essence(showing: ["voice"])
        let (adapted, change) = try state.adapted(to: Essence.pages, cacheLimit: nil, transition: .slide)
        #expect(adapted == state)
        #expect(change.isEmpty)
    }

    @Test func insertingAPageKeepsTheSelectedPageAndWhatIsLoaded() throws {
        let state = try essence(showing: ["video", "voice"])
        let (adapted, change) = try state.adapted(
            to: [hot] + Essence.pages, cacheLimit: nil, transition: .slide)
        #expect(adapted.selection == .shown(index: 3))
        #expect(adapted.selectedPage.key == "voice")
        #expect(adapted.loadedKeys == ["all", "video", "voice"])
        #expect(change == PagesChange(added: ["hot"]))
    }

    @Test func reorderingEveryPageKeepsTheSelectionAndNamesTheMovedPages() throws {
        let state = try essence(showing: ["picture"])
        let reversed = Array(Essence.pages.reversed())
        let (adapted, change) = try state.adapted(to: reversed, cacheLimit: nil, transition: .slide)
        #expect(adapted.selectedPage.key == "picture")
        #expect(adapted.selection == .shown(index: 1))
        #expect(adapted.loadedKeys == ["all", "picture"])
        #expect(change == PagesChange(moved: ["word", "picture", "video", "all"]))
    }

    @Test func retitledPagesTakeTheirNewTitles() throws {
        let state = try essence(showing: ["video"])
        var retitled = Essence.pages
        retitled[1].title = "Video"
        let (adapted, change) = try state.adapted(to: retitled, cacheLimit: nil, transition: .slide)
        #expect(adapted.selectedPage == Page(key: "video", title: "Video"))
        #expect(change == PagesChange(retitled: ["video"]))
    }

    @Test func removingTheSelectedLastPageLandsOnItsLeftNeighbour() throws {
        let state = try essence(showing: ["word"])
        let (adapted, change) = try state.adapted(
            to: pages(["all", "video", "voice", "picture"]), cacheLimit: nil, transition: .slide)
        #expect(adapted.selectedPage.key == "picture")
        #expect(adapted.selection == .shown(index: 3))
        #expect(adapted.loadedKeys == ["all", "picture"])
        #expect(
            change
                == PagesChange(
                    removed: ["word"],
                    selectionMoved: SelectionMove(
                        from: "word", to: "picture", reason: .nearestRemainingNeighbour)))
    }

    @Test func removingTheSelectedFirstPageLandsOnItsRightNeighbour() throws {
        let state = try essence(showing: [])
        let (adapted, change) = try state.adapted(
            to: pages(["video", "voice", "picture", "word"]), cacheLimit: nil, transition: .slide)
        #expect(adapted.selection == .shown(index: 0))
        #expect(adapted.loadedKeys == ["video"])
        #expect(
            change.selectionMoved
                == SelectionMove(from: "all", to: "video", reason: .nearestRemainingNeighbour))
    }

    @Test func aRemovedRightNeighbourLeavesTheLeftOneBeforeGoingFurtherRight() throws {
        let state = try essence(showing: ["voice"])
        let (adapted, change) = try state.adapted(
            to: pages(["all", "video", "word"]), cacheLimit: nil, transition: .slide)
        #expect(adapted.selectedPage.key == "video")
        #expect(change.removed == ["voice", "picture"])
        #expect(change.selectionMoved?.to == "video")
    }

    @Test func removingEveryPageButOneSelectsItAndKeepsOnlyItLoaded() throws {
        let state = try essence(showing: ["video", "voice", "picture"])
        let (adapted, change) = try state.adapted(to: pages(["video"]), cacheLimit: nil, transition: .slide)
        #expect(adapted.pages.map(\.key) == ["video"])
        #expect(adapted.selection == .shown(index: 0))
        #expect(adapted.loadedKeys == ["video"])
        #expect(change.removed == ["all", "voice", "picture", "word"])
        #expect(
            change.selectionMoved
                == SelectionMove(from: "picture", to: "video", reason: .nearestRemainingNeighbour))
    }

    @Test func whenNoStoredPageRemainsTheFirstNewPageIsSelected() throws {
        let state = try essence(showing: ["voice"])
        let (adapted, change) = try state.adapted(
            to: [hot, Page(key: "new", title: "新")], cacheLimit: nil, transition: .slide)
        #expect(adapted.selection == .shown(index: 0))
        #expect(adapted.loadedKeys == ["hot"])
        #expect(change.added == ["hot", "new"])
        #expect(
            change.selectionMoved == SelectionMove(from: "voice", to: "hot", reason: .noStoredPageRemains))
    }

    @Test func landsWhereRemovingTheSelectedPageAtRuntimeWould() throws {
        for selected in Essence.keys {
            var removedAtRuntime = try essence(showing: [selected])
            _ = try removedAtRuntime.send(.pageRemoved(key: selected))
            let (adapted, _) = try essence(showing: [selected]).adapted(
                to: Essence.pages.filter { $0.key != selected }, cacheLimit: nil, transition: .slide)
            #expect(adapted.selectedPage == removedAtRuntime.selectedPage, "removing \(selected)")
        }
    }

    @Test func aSmallerCacheLimitUnloadsTheLeastRecentlyShownFirst() throws {
        let state = try essence(showing: ["video", "voice", "picture"])
        let (adapted, _) = try state.adapted(to: Essence.pages, cacheLimit: 2, transition: .slide)
        #expect(adapted.loadedKeys == ["voice", "picture"])
        #expect(adapted.cacheLimit == 2)
    }

    @Test func aCacheLimitOfOneKeepsTheLandingPageLoaded() throws {
        let state = try essence(showing: ["video", "voice"])
        let (adapted, _) = try state.adapted(
            to: pages(["all", "video", "picture", "word"]), cacheLimit: 1, transition: .slide)
        #expect(adapted.selectedPage.key == "picture")
        #expect(adapted.loadedKeys == ["picture"])
    }

    @Test func aRunningTransitionIsFinishedOnItsTarget() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 2))
        #expect(state.selection == .transitioning(from: 0, to: 2))
        let reordered = [News.pages[2], News.pages[0], News.pages[1]]
        let (adapted, change) = try state.adapted(to: reordered, cacheLimit: nil, transition: .slide)
        #expect(adapted.selection == .shown(index: 0))
        #expect(adapted.selectedPage.key == "focus")
        #expect(adapted.loadedKeys == ["headlines", "focus"])
        #expect(adapted.transition == .slide)
        #expect(change.moved == ["focus", "headlines", "today"])
    }

    @Test func aTransitionWhoseTargetWasRemovedLandsNextToIt() throws {
        var state = try News.shown()
        _ = try state.send(.titleTapped(index: 1))
        let (adapted, change) = try state.adapted(
            to: [News.pages[0], News.pages[2]], cacheLimit: nil, transition: .crossDissolve(duration: 0.3))
        #expect(adapted.selection == .shown(index: 1))
        #expect(adapted.loadedKeys == ["headlines", "focus"])
        #expect(
            change.selectionMoved
                == SelectionMove(from: "today", to: "focus", reason: .nearestRemainingNeighbour))
    }

    @Test func aPagerThatHasNotAppearedStaysUnshownAndUnloaded() throws {
        let state = try Essence.state(selectedIndex: 3)
        let (adapted, _) = try state.adapted(
            to: pages(["picture", "all"]), cacheLimit: nil, transition: .slide)
        #expect(adapted.selection == .notAppeared(index: 0))
        #expect(adapted.loadedKeys.isEmpty)
    }

    @Test func anInvalidPageListIsRefused() throws {
        let state = try essence(showing: [])
        #expect(throws: PagerError.noPages) { try state.adapted(to: [], cacheLimit: nil, transition: .slide) }
        #expect(throws: PagerError.duplicateKey("all")) {
            try state.adapted(to: pages(["all", "all"]), cacheLimit: nil, transition: .slide)
        }
        #expect(throws: PagerError.invalidCacheLimit(0)) {
            try state.adapted(to: Essence.pages, cacheLimit: 0, transition: .slide)
        }
    }

    @Test func theAdaptedStateSurvivesItsOwnChecks() throws {
        let state = try essence(showing: ["video", "word"], cacheLimit: 3)
        let (adapted, _) = try state.adapted(
            to: pages(["voice", "hot", "video"]), cacheLimit: 2, transition: .slide)
        #expect(try JSONDecoder().decode(PagerState.self, from: encoded(adapted)) == adapted)
    }
}
