import FolioCore
import Testing

/// Seed 004: a pager built from a data source delivers each lifecycle call
/// to its page objects, and `pageDidShow` to its delegate, exactly once.
@Suite struct PagerControllerTests {
    let log = CallLog()

    func makePager(cacheLimit: Int? = nil) throws -> (PagerController, RecordingDelegate) {
        let delegate = RecordingDelegate(log: log)
        let pager = try PagerController(
            dataSource: EssenceDataSource(log: log), delegate: delegate, cacheLimit: cacheLimit)
        return (pager, delegate)
    }

    @Test func creatingThePagerAddsEveryPageAsAChildButLoadsNone() throws {
        let (pager, _) = try makePager()
        #expect(
            log.calls
                == Essence.keys.flatMap { [Call.willMove($0, toParent: true), .didMove($0, toParent: true)] })
        #expect(pager.state.pages == Essence.pages)
        #expect(pager.state.loadedKeys.isEmpty)
        #expect(pager.layout == .fixed(width: 72))
    }

    @Test func eachCallbackIsDeliveredOnceInTheDocumentedOrder() throws {
        let (pager, delegate) = try makePager(cacheLimit: 2)
        log.calls.removeAll()
        try pager.send(.appeared)
        try pager.send(.titleTapped(index: 2))
        try pager.send(.titleTapped(index: 2))  // the current page: nothing
        try pager.send(.scrollEnded(offset: 3 * 320, pageWidth: 320))
        #expect(
            log.calls == [
                .load("all"), .willAppear("all"), .didAppear("all"), .pageDidShow("all"),
                .willDisappear("all"), .load("voice"), .willAppear("voice"),
                .didDisappear("all"), .didAppear("voice"), .pageDidShow("voice"),
                .willDisappear("voice"), .load("picture"), .willAppear("picture"),
                .didDisappear("voice"), .didAppear("picture"), .pageDidShow("picture"),
                .unload("all"),
            ])
        withExtendedLifetime(delegate) {}
    }

    @Test func aRejectedEventDeliversNothing() throws {
        let (pager, delegate) = try makePager()
        try pager.send(.appeared)
        log.calls.removeAll()
        #expect(throws: PagerError.indexOutOfRange(index: 9, count: 5)) {
            try pager.send(.titleTapped(index: 9))
        }
        #expect(throws: PagerError.unknownKey("jokes")) { try pager.removePage(key: "jokes") }
        #expect(log.calls.isEmpty)
        withExtendedLifetime(delegate) {}
    }

    @Test func insertingAndRemovingPageObjectsDeliversTheirMoves() throws {
        let (pager, delegate) = try makePager()
        try pager.send(.appeared)
        log.calls.removeAll()
        let hot = RecordingPage("hot", log: log)
        try pager.insert(hot, key: "hot", title: "热门", at: 1)
        try pager.select(index: 1)
        try pager.removePage(key: "hot")
        #expect(
            log.calls == [
                .willMove("hot", toParent: true), .didMove("hot", toParent: true),
                .willDisappear("all"), .load("hot"), .willAppear("hot"),
                .didDisappear("all"), .didAppear("hot"), .pageDidShow("hot"),
                .willDisappear("hot"), .load("video"), .willAppear("video"),
                .didDisappear("hot"), .didAppear("video"), .pageDidShow("video"),
                .willMove("hot", toParent: false), .unload("hot"), .didMove("hot", toParent: false),
            ])
        #expect(pager.page(forKey: "hot") == nil)
        withExtendedLifetime(delegate) {}
    }

    @Test func insertingADuplicateKeyKeepsTheExistingPageObject() throws {
        let (pager, _) = try makePager()
        let impostor = RecordingPage("impostor", log: log)
        #expect(throws: PagerError.duplicateKey("video")) {
            try pager.insert(impostor, key: "video", title: "视频", at: 0)
        }
        #expect((pager.page(forKey: "video") as? RecordingPage)?.name == "video")
    }

    @Test func geometryUsesTheDataSourcesSingleTitleWidth() throws {
        let (pager, _) = try makePager()
        try pager.select(key: "voice")
        let bar = pager.geometry(
            style: .segmented, fontSize: 14, viewportWidth: nil, measurer: FakeMeasurer())
        #expect(bar.contentWidth == .px(360))
        #expect(bar.indicator == IndicatorGeometry(left: .px(144), width: .px(72)))
    }

    @Test func aDataSourceWithMismatchedCountsIsRejected() {
        struct Lopsided: PagerDataSource {
            var titles: [String] { ["一", "二"] }
            var pages: [any PageLifecycle] { [RecordingPage("一", log: CallLog())] }
        }
        #expect(throws: PagerError.dataSourceMismatch(titles: 2, pages: 1)) {
            try PagerController(dataSource: Lopsided())
        }
    }
}
