import FolioCore
import Foundation

/// FolioCore: how many selections per second the reducer and the title-bar
/// geometry sustain. Baseline: JSON-encoding the same state, which Folio
/// does on every request that stores a session, so the reducer should be
/// a small fraction of it.
enum CoreBenchmark {
    /// Constant advances (1 em per CJK character, 0.5 em otherwise): the
    /// geometry figures measure layout, not fonts (FolioText has its own suite).
    struct EmMeasurer: TextMeasuring {
        func width(of text: String, fontSize: Double) -> Double {
            text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? fontSize : fontSize / 2) }
        }
    }

    static let pages = [
        Page(key: "all", title: "全部"), Page(key: "video", title: "视频"), Page(key: "voice", title: "声音"),
        Page(key: "picture", title: "图片"), Page(key: "word", title: "段子"),
    ]

    static func run() throws {
        var sink = 0
        var state = try PagerState(pages: pages)
        _ = try state.send(.appeared)

        let encoder = JSONEncoder()
        let baseline = try measure("core: JSONEncoder(state) (baseline)") {
            sink &+= try encoder.encode(state).count
        }
        report(baseline, unit: "encodes")

        var flip = false
        let taps = try measure("core: titleTapped, alternating 1/3") {
            flip.toggle()
            sink &+= try state.send(.titleTapped(index: flip ? 1 : 3)).count
        }
        report(taps, against: baseline, unit: "selections")

        var offset = 0.0
        let scrolls = try measure("core: scrollEnded, cycling 5 pages") {
            offset = offset >= 4 * 375 ? 0 : offset + 375
            sink &+= try state.send(.scrollEnded(offset: offset, pageWidth: 375)).count
        }
        report(scrolls, against: baseline, unit: "selections")

        var limited = try PagerState(pages: pages, cacheLimit: 2)
        _ = try limited.send(.appeared)
        var next = 0
        let evicting = try measure("core: titleTapped, cache limit 2, evicting") {
            next = (next + 1) % pages.count
            sink &+= try limited.send(.titleTapped(index: next)).count
        }
        report(evicting, against: baseline, unit: "selections")

        var dissolving = try PagerState(pages: pages, transition: .crossDissolve(duration: 0.3))
        _ = try dissolving.send(.appeared)
        let selects = try measure("core: select(key:), cross-dissolve") {
            flip.toggle()
            sink &+= try dissolving.select(key: flip ? "video" : "picture").count
        }
        report(selects, against: baseline, unit: "selections")

        let measurer = EmMeasurer()
        let titles = pages.map(\.title)
        var selected = 0
        let equal = measure("core: TitleBar.geometry equal, underline") {
            selected = (selected + 1) % titles.count
            let bar = TitleBar.geometry(
                titles: titles, layout: .equal, style: .underline, fontSize: 14, selectedIndex: selected,
                viewportWidth: nil, measurer: measurer)
            sink &+= bar.tabs.count
        }
        report(equal, against: baseline, unit: "geometries")

        let fit = measure("core: TitleBar.geometry fit, overflowing") {
            selected = (selected + 1) % titles.count
            let bar = TitleBar.geometry(
                titles: titles, layout: .fit(padding: 24), style: .underline, fontSize: 14,
                selectedIndex: selected, viewportWidth: 200, measurer: measurer)
            sink &+= Int(bar.scrollOffset)
        }
        report(fit, against: baseline, unit: "geometries")

        let widths = titles.map { measurer.width(of: $0, fontSize: 14) }
        let cached = measure("core: TitleBar.geometry, cached widths") {
            selected = (selected + 1) % titles.count
            let bar = TitleBar.geometry(
                labelWidths: widths, layout: .equal, style: .underline, selectedIndex: selected,
                viewportWidth: nil)
            sink &+= bar.tabs.count
        }
        report(cached, against: baseline, unit: "geometries")

        let css = measure("core: indicator left+width as CSS") {
            selected = (selected + 1) % titles.count
            let indicator = IndicatorGeometry(
                left: BarLength(fraction: (Double(selected) + 0.5) / 5, pixels: -14), width: .px(28))
            sink &+= indicator.left.css.utf8.count + indicator.width.css.utf8.count
        }
        report(css, against: baseline, unit: "renders")

        // A record stored under other pages is carried over on every read
        // until a view saves it: next to decoding it, which every read of a
        // stored record costs anyway.
        var stored = try PagerState(pages: pages, cacheLimit: 3)
        _ = try stored.send(.appeared)
        for key in ["video", "voice", "picture"] { _ = try stored.select(key: key) }
        let storedJSON = try encoder.encode(stored)
        let decoder = JSONDecoder()
        let decoding = try measure("core: JSONDecoder(state), 5 pages") {
            sink &+= try decoder.decode(PagerState.self, from: storedJSON).loadedKeys.count
        }
        report(decoding, against: baseline, unit: "decodes")
        let edited = [Page(key: "hot", title: "热门")] + pages.filter { $0.key != "picture" }.reversed()
        let adapting = try measure("core: adapted(to:), 1 added, 1 removed, reordered") {
            sink &+= try stored.adapted(to: edited, cacheLimit: 3, transition: .slide).change.moved.count
        }
        report(adapting, against: decoding, unit: "adaptations")

        // Keeps the optimiser from discarding the measured work.
        if sink == 42 { print("") }
    }
}
