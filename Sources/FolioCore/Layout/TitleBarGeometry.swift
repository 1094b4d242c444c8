/// Where one tab sits in the title bar.
public struct TabGeometry: Sendable, Codable, Equatable {
    /// The tab's left edge (inline start), from the bar's left edge.
    public var left: BarLength
    /// The tab's width.
    public var width: BarLength
    /// The width of the tab's title text in CSS px, as measured.
    public var labelWidth: Double

    /// Creates a tab geometry.
    public init(left: BarLength, width: BarLength, labelWidth: Double) {
        self.left = left
        self.width = width
        self.labelWidth = labelWidth
    }

    /// The tab's horizontal centre.
    public var centre: BarLength { left + width * 0.5 }
}

/// Where the selection indicator sits.
public struct IndicatorGeometry: Sendable, Codable, Equatable {
    /// The indicator's left edge, from the bar's left edge.
    public var left: BarLength
    /// The indicator's width.
    public var width: BarLength

    /// Creates an indicator geometry.
    public init(left: BarLength, width: BarLength) {
        self.left = left
        self.width = width
    }

    /// The indicator's horizontal centre.
    public var centre: BarLength { left + width * 0.5 }
}

/// The whole title bar's geometry for one selection, from ``TitleBar/geometry(titles:layout:style:fontSize:selectedIndex:viewportWidth:measurer:)``.
public struct TitleBarGeometry: Sendable, Codable, Equatable {
    /// One entry per title, in order.
    public var tabs: [TabGeometry]
    /// The selection indicator.
    public var indicator: IndicatorGeometry
    /// The width of all tabs together; may exceed the viewport for `fit` and `fixed`.
    public var contentWidth: BarLength
    /// How far (CSS px) the bar is scrolled so the selected tab is in view,
    /// centred where possible; 0 unless the tabs overflow the viewport.
    public var scrollOffset: Double

    /// Creates a title-bar geometry.
    public init(
        tabs: [TabGeometry], indicator: IndicatorGeometry, contentWidth: BarLength, scrollOffset: Double
    ) {
        self.tabs = tabs
        self.indicator = indicator
        self.contentWidth = contentWidth
        self.scrollOffset = scrollOffset
    }
}
