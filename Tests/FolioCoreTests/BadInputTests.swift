import FolioCore
import Foundation
import Testing

/// Bad input is a typed error with a readable description, and leaves the
/// state byte-for-byte as it was (compared as sorted-key JSON).
@Suite struct BadInputTests {
    static let rejected: [(PagerEvent, PagerError)] = [
        (.titleTapped(index: 5), .indexOutOfRange(index: 5, count: 5)),
        (.titleTapped(index: -1), .indexOutOfRange(index: -1, count: 5)),
        (.titleTapped(index: .max), .indexOutOfRange(index: .max, count: 5)),
        (.titleTappedKey("jokes"), .unknownKey("jokes")),
        (.titleTappedKey(""), .unknownKey("")),
        (.scrollEnded(offset: -1, pageWidth: 375), .invalidOffset(-1)),
        (.scrollEnded(offset: .infinity, pageWidth: 375), .invalidOffset(.infinity)),
        (.scrollEnded(offset: 0, pageWidth: 0), .invalidPageWidth(0)),
        (.scrollEnded(offset: 0, pageWidth: -375), .invalidPageWidth(-375)),
        (.scrollEnded(offset: 0, pageWidth: .infinity), .invalidPageWidth(.infinity)),
        (.transitionFinished, .noTransitionInProgress),
        (.pageAdded(Page(key: "video", title: "视频"), at: 0), .duplicateKey("video")),
        (.pageAdded(Page(key: "", title: "空"), at: 0), .emptyKey),
        (.pageAdded(Page(key: "new", title: "新"), at: 6), .insertionIndexOutOfRange(index: 6, count: 5)),
        (.pageAdded(Page(key: "new", title: "新"), at: -1), .insertionIndexOutOfRange(index: -1, count: 5)),
        (.pageRemoved(key: "jokes"), .unknownKey("jokes")),
    ]

    @Test(arguments: rejected)
    func badEventIsRejectedAndLeavesTheStateUnchanged(event: PagerEvent, expected: PagerError) throws {
        let states = try [Essence.state(), Essence.shown(cacheLimit: 2), stateAfterSomeBrowsing()]
        // Finishing is valid mid-transition, so that state is not asked to reject it.
        for var state in states where !(event == .transitionFinished && state.selection.isTransitioning) {
            #expect(try rejection(of: event, by: &state) == expected)
        }
    }

    @Test(arguments: [Double.nan, -Double.nan, -Double.infinity])
    func nonFiniteNumbersAreRejected(value: Double) throws {
        var state = try stateAfterSomeBrowsing()
        let badOffset = try rejection(of: .scrollEnded(offset: value, pageWidth: 375), by: &state)
        let badWidth = try rejection(of: .scrollEnded(offset: 0, pageWidth: value), by: &state)
        guard case .invalidOffset = badOffset, case .invalidPageWidth = badWidth else {
            Issue.record(
                "expected invalidOffset and invalidPageWidth, got \(String(describing: badOffset)), \(String(describing: badWidth))"
            )
            return
        }
    }

    @Test func removingTheLastPageIsRejected() throws {
        var state = try PagerState(pages: [Page(key: "only", title: "唯一")])
        _ = try state.send(.appeared)
        #expect(try rejection(of: .pageRemoved(key: "only"), by: &state) == .cannotRemoveLastPage("only"))
    }

    @Test func selectRejectsBeforeChangingAnything() throws {
        var state = try stateAfterSomeBrowsing()
        let before = try encoded(state)
        #expect(throws: PagerError.indexOutOfRange(index: 7, count: 5)) { try state.select(index: 7) }
        #expect(throws: PagerError.unknownKey("jokes")) { try state.select(key: "jokes") }
        #expect(try encoded(state) == before)
    }

    @Test func invalidConfigurationIsRejectedAtCreation() {
        let page = Page(key: "a", title: "A")
        #expect(throws: PagerError.noPages) { try PagerState(pages: []) }
        #expect(throws: PagerError.duplicateKey("a")) { try PagerState(pages: [page, page]) }
        #expect(throws: PagerError.emptyKey) { try PagerState(pages: [Page(key: "", title: "")]) }
        #expect(throws: PagerError.indexOutOfRange(index: 1, count: 1)) {
            try PagerState(pages: [page], selectedIndex: 1)
        }
        #expect(throws: PagerError.invalidCacheLimit(0)) { try PagerState(pages: [page], cacheLimit: 0) }
        #expect(throws: PagerError.invalidTransitionDuration(-1)) {
            try PagerState(pages: [page], transition: .crossDissolve(duration: -1))
        }
    }

    @Test func localizedDescriptionIsTheSameSentence() {
        let error: any Error = PagerError.cannotRemoveLastPage("only")
        #expect(error.localizedDescription == "cannot remove \"only\": it is the pager's last page")
    }

    @Test func errorsDescribeThemselvesForPeople() {
        #expect(
            PagerError.indexOutOfRange(index: 7, count: 5).description
                == "page index 7 is out of range: the pager has 5 pages (0...4)")
        #expect(PagerError.unknownKey("jokes").description == "no page has the key \"jokes\"")
        #expect(
            PagerError.invalidPageWidth(0).description
                == "page width 0.0 is invalid: it must be a finite number > 0")
        #expect(
            PagerError.invalidOffset(-1).description
                == "scroll offset -1.0 is invalid: it must be a finite number >= 0")
    }

    /// A state with a non-trivial phase and recency order: the bytes compared
    /// include everything that could be disturbed.
    private func stateAfterSomeBrowsing() throws -> PagerState {
        var state = try Essence.shown(cacheLimit: 3, transition: .crossDissolve(duration: 0.3))
        _ = try state.send(.titleTapped(index: 3))
        _ = try state.send(.transitionFinished)
        _ = try state.send(.titleTapped(index: 1))
        return state  // transitioning from picture to video
    }
}
