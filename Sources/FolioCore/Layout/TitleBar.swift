/// Title-bar layout: pure functions from title widths to tab, indicator and
/// scroll geometry. Nothing here knows HTML; Folio turns the result into CSS.
public enum TitleBar {
    /// The geometry of a title bar with `selectedIndex` selected.
    ///
    /// - Underline: the indicator is as wide as the selected title's text and
    ///   centred under its tab (seed 001). Segmented: the whole selected tab.
    /// - `equal`: tab `i` spans `[i/n, (i+1)/n)` of the bar. `fixed(width)`:
    ///   tab `i` starts at `i * width` px. `fit(padding)`: each tab is its
    ///   text width + 2 x padding, laid end to end.
    /// - `scrollOffset`: for `fixed` and `fit` when the tabs are wider than
    ///   `viewportWidth`, the offset that centres the selected tab, clamped to
    ///   `[0, content - viewport]`; otherwise 0.
    ///
    /// Bad numbers never trap: negative or non-finite widths and paddings
    /// count as 0, `selectedIndex` is clamped to the titles, and no titles
    /// give no tabs and an empty indicator.
    /// - Parameters:
    ///   - titles: The tab texts, in order.
    ///   - layout: How tabs are sized.
    ///   - style: How the selection is marked.
    ///   - fontSize: The titles' font size in CSS px, passed to `measurer`.
    ///   - selectedIndex: The selected tab.
    ///   - viewportWidth: The visible bar width in CSS px, if known; `nil` means no scrolling.
    ///   - measurer: Measures each title once.
    public static func geometry(
        titles: [String], layout: TitleBarLayout, style: TitleStyle, fontSize: Double,
        selectedIndex: Int, viewportWidth: Double?, measurer: some TextMeasuring
    ) -> TitleBarGeometry {
        geometry(
            labelWidths: titles.map { measurer.width(of: $0, fontSize: fontSize) }, layout: layout,
            style: style, selectedIndex: selectedIndex, viewportWidth: viewportWidth)
    }

    /// The same geometry from widths already measured, for callers that cache
    /// them (titles rarely change; the selection does on every request).
    public static func geometry(
        labelWidths: [Double], layout: TitleBarLayout, style: TitleStyle, selectedIndex: Int,
        viewportWidth: Double?
    ) -> TitleBarGeometry {
        let labels = labelWidths.map(sanitized)
        let tabs = tabGeometry(labelWidths: labels, layout: layout)
        guard let last = tabs.indices.last else {
            let contentWidth: BarLength = layout == .equal ? BarLength(fraction: 1) : .zero
            return TitleBarGeometry(
                tabs: [], indicator: IndicatorGeometry(left: .zero, width: .zero),
                contentWidth: contentWidth, scrollOffset: 0)
        }
        let selected = tabs[min(max(selectedIndex, 0), last)]
        let indicator: IndicatorGeometry
        switch style {
        case .underline:
            let width = BarLength.px(selected.labelWidth)
            indicator = IndicatorGeometry(left: selected.centre - width * 0.5, width: width)
        case .segmented:
            indicator = IndicatorGeometry(left: selected.left, width: selected.width)
        }
        let contentWidth = tabs[last].left + tabs[last].width
        return TitleBarGeometry(
            tabs: tabs, indicator: indicator, contentWidth: contentWidth,
            scrollOffset: scrollOffset(
                for: selected, contentWidth: contentWidth, viewportWidth: viewportWidth))
    }

    private static func tabGeometry(labelWidths: [Double], layout: TitleBarLayout) -> [TabGeometry] {
        var tabs: [TabGeometry] = []
        tabs.reserveCapacity(labelWidths.count)
        switch layout {
        case .equal:
            // Divide rather than multiply by 1/n, so 3/5 is exactly 0.6.
            let count = Double(labelWidths.count)
            for (index, label) in labelWidths.enumerated() {
                tabs.append(
                    TabGeometry(
                        left: BarLength(fraction: Double(index) / count),
                        width: BarLength(fraction: 1 / count),
                        labelWidth: label))
            }
        case .fixed(let width):
            let width = sanitized(width)
            for (index, label) in labelWidths.enumerated() {
                tabs.append(
                    TabGeometry(left: .px(Double(index) * width), width: .px(width), labelWidth: label))
            }
        case .fit(let padding):
            let padding = sanitized(padding)
            var left = 0.0
            for label in labelWidths {
                let width = label + 2 * padding
                tabs.append(TabGeometry(left: .px(left), width: .px(width), labelWidth: label))
                left += width
            }
        }
        return tabs
    }

    /// Centres the selected tab in the viewport when the tabs overflow it.
    /// Only pixel layouts can overflow: `equal` tabs always fit the bar.
    private static func scrollOffset(
        for tab: TabGeometry, contentWidth: BarLength, viewportWidth: Double?
    ) -> Double {
        guard let viewportWidth, viewportWidth.isFinite, viewportWidth > 0, contentWidth.fraction == 0,
            contentWidth.pixels > viewportWidth
        else { return 0 }
        let centred = tab.centre.pixels - viewportWidth / 2
        return min(max(centred, 0), contentWidth.pixels - viewportWidth)
    }

    private static func sanitized(_ width: Double) -> Double {
        width.isFinite && width > 0 ? width : 0
    }
}
