import FolioCore
import Foundation
import Testing

/// Measures like a CJK font at any size: 1 em per ideograph, kana or
/// full-width character (全部 = 28 px at 14 px), half an em for anything else.
struct FakeMeasurer: TextMeasuring {
    func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { width, scalar in
            width + (scalar.value >= 0x2E80 ? fontSize : fontSize / 2)
        }
    }
}

/// Seed 001's Essence pager: 全部 视频 声音 图片 段子.
enum Essence {
    static let pages = [
        Page(key: "all", title: "全部"),
        Page(key: "video", title: "视频"),
        Page(key: "voice", title: "声音"),
        Page(key: "picture", title: "图片"),
        Page(key: "word", title: "段子"),
    ]
    static let titles = pages.map(\.title)
    static let keys = pages.map(\.key)

    /// A fresh Essence pager that has not appeared yet.
    static func state(
        selectedIndex: Int = 0, cacheLimit: Int? = nil, transition: Transition = .slide
    ) throws -> PagerState {
        try PagerState(
            pages: pages, selectedIndex: selectedIndex, cacheLimit: cacheLimit, transition: transition)
    }

    /// An Essence pager that has appeared and shows `all`.
    static func shown(cacheLimit: Int? = nil, transition: Transition = .slide) throws -> PagerState {
        var state = try state(cacheLimit: cacheLimit, transition: transition)
        _ = try state.send(.appeared)
        return state
    }
}

/// Seed 002's News pager: 头条 今日 焦点, cross-dissolving over 0.3 s.
enum News {
    static let pages = [
        Page(key: "headlines", title: "头条"),
        Page(key: "today", title: "今日"),
        Page(key: "focus", title: "焦点"),
    ]

    /// A News pager that has appeared and shows `headlines`.
    static func shown(cacheLimit: Int? = nil) throws -> PagerState {
        var state = try PagerState(
            pages: pages, cacheLimit: cacheLimit, transition: .crossDissolve(duration: 0.3))
        _ = try state.send(.appeared)
        return state
    }
}

/// The state's JSON with sorted keys: equal bytes mean equal state, down to
/// recency order and phase.
func encoded(_ state: PagerState) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(state)
}

/// Sends an event that must be rejected; records a failure if it is
/// accepted or if the state's encoding changes at all. Returns the error.
@discardableResult
func rejection(
    of event: PagerEvent, by state: inout PagerState, sourceLocation: SourceLocation = #_sourceLocation
) throws -> PagerError? {
    let before = try encoded(state)
    do {
        let effects = try state.send(event)
        Issue.record("\(event) was accepted with effects \(effects)", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(try encoded(state) == before, "\(event) changed the state", sourceLocation: sourceLocation)
        return error
    }
}
