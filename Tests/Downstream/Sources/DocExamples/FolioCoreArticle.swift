import FolioCore

func showTheSecondPage() throws -> [PagerEffect] {
    var pager = try PagerState(pages: [
        Page(key: "all", title: "全部"), Page(key: "video", title: "视频"),
    ])
    _ = try pager.send(.appeared)  // load(all) willAppear(all) didAppear(all) pageDidShow(all)
    // willDisappear(all) load(video) willAppear(video) didDisappear(all) didAppear(video) pageDidShow(video)
    return try pager.send(.titleTapped(index: 1))
}
