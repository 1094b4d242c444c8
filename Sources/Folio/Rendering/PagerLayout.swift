import FolioCore

/// A pager's title-bar geometry for every possible selection, measured and
/// computed once at startup: titles do not change per request, only the
/// selection does.
struct PagerLayout: Sendable {
    /// The bar width at which `equal` layouts report pixel numbers
    /// (`data-left`, `data-width`, the state JSON): a 375 px phone.
    static let referenceBarWidth = 375.0

    /// Title text widths in CSS px, measured with the served font.
    let labelWidths: [Double]
    /// Geometry with page `i` selected, at index `i`.
    let geometries: [TitleBarGeometry]
    /// Whether the widths include kerning and ligatures, which the page must
    /// then let the browser apply.
    let kerning: Bool

    /// Measures `pager`'s titles and lays out its bar for each selection.
    init(pager: PagerConfiguration, measurer: some TextMeasuring) {
        let widths = pager.pages.map { measurer.width(of: $0.title, fontSize: pager.fontSize) }
        labelWidths = widths
        kerning = measurer.measuresKerning
        geometries = pager.pages.indices.map { index in
            TitleBar.geometry(
                labelWidths: widths, layout: pager.layout, style: pager.titleStyle, selectedIndex: index,
                viewportWidth: nil)
        }
    }

    /// The geometry with `index` selected (clamped).
    func geometry(selected index: Int) -> TitleBarGeometry {
        geometries[min(max(index, 0), geometries.count - 1)]
    }
}

extension PagerConfiguration {
    /// `"equal"`, `"fixed"` or `"fit"`, as templates and the state JSON name it.
    var layoutName: String {
        switch layout {
        case .equal: "equal"
        case .fixed: "fixed"
        case .fit: "fit"
        }
    }

    /// `"slide"` or `"crossDissolve"`.
    var transitionName: String {
        switch transition {
        case .slide: "slide"
        case .crossDissolve: "crossDissolve"
        }
    }

    /// The animation length in milliseconds: the cross-dissolve duration, or
    /// 300 ms for the indicator and track slide.
    var transitionMilliseconds: Int {
        switch transition {
        case .slide: 300
        case .crossDissolve(let duration): Int((duration * 1000).rounded())
        }
    }
}

extension BarLength {
    /// The length in px at the reference bar width, rounded to 1/1000 px.
    var referencePixels: Double {
        (resolved(barWidth: PagerLayout.referenceBarWidth) * 1000).rounded() / 1000
    }
}
