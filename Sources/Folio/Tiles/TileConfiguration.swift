import FolioCore
import FolioTemplate

/// One tile of a page made of tiles: a widget, its title, and where its
/// data is (a path into the page's data, or a source of its own).
public struct TileConfiguration: Sendable {
    /// Unique within its page; names the tile in the HTML (`id`) and its data.
    public var key: String
    /// The tile's heading (a stat's label).
    public var title: String
    /// What the tile shows.
    public var widget: TileWidget
    /// A dotted path (`services.api`) into the tile's data: the page's data
    /// when the tile has no source of its own; `nil` for the whole data.
    public var path: String?
    /// The tile's own data, loaded as a page's is; `.none` reads the page's.
    public var source: PageSource = .none
    /// As a page's: reload a `url` or `dataFile` this often while shown live.
    public var refreshSeconds: Double?
    /// How values become levels; `nil`: every value is `unknown`, except
    /// a status list's, which maps up/degraded/down by default.
    public var levels: TileLevels?
    /// `levels` as a level spec (`warning=80,critical=90`) or a named level
    /// of the configuration's `levels`; read when `levels` is nil.
    public var levelSpec: String?
    /// How every value the tile shows is formatted: a format spec
    /// (`compact.1`, `percent.1`, `bytes`, `relative`) or a named format of
    /// the configuration's `formats`; nil shows values as the data has them.
    public var format: String?
    /// The formats, levels, time zone and measurer of the server showing the tile.
    public var rendering = TileRendering.estimated
    /// A stat's or meter's unit, shown after the value (`req/min`, `%`).
    public var unit: String?
    /// A stat's path, beside `path`, to the previous value it is compared with.
    public var previousPath: String?
    /// A chart's size in SVG units, scaled by CSS to the tile's width; nil for the widget's default.
    public var chartWidth: Double?
    /// A chart's height in SVG units.
    public var chartHeight: Double?
    /// A meter's range. Default 0 to 100.
    public var minimum: Double = 0
    /// A meter's maximum.
    public var maximum: Double = 100
    /// A table's columns, in order.
    public var columns: [TableColumn] = []
    /// A table's row field whose value gives the row its level.
    public var levelKey: String?
    /// A table's or status list's words when it has no rows.
    public var emptyText: String?

    /// Creates a tile.
    public init(
        key: String, title: String, widget: TileWidget, path: String? = nil, source: PageSource = .none
    ) {
        self.key = key
        self.title = title
        self.widget = widget
        self.path = path
        self.source = source
    }
}

/// The widgets a tile can show.
public enum TileWidget: String, Sendable, CaseIterable {
    /// A label, a value with its unit, its change against the previous value, its level.
    case stat
    /// Services, each up, degraded or down, and since when.
    case status
    /// Rows with columns, a level per row.
    case table
    /// A value against a maximum.
    case meter
    /// A small line of one series, its latest reading marked.
    case sparkline
    /// A time-series line chart: axes, legend, min/max/latest called out.
    case line
    /// A line chart filled down to zero.
    case area
    /// Bars, one per labelled value; horizontal when labels are long.
    case bar
}

/// A table column: which row field it shows, under what heading, aligned how.
public struct TableColumn: Sendable, Hashable {
    /// The row field (`service`).
    public var key: String
    /// The column heading; default the key.
    public var title: String
    /// Where the cells' text sits. Numbers read best at the end.
    public var align: ColumnAlignment = .start
    /// Whether long text is cut to one line (the full text a click away)
    /// rather than wrapped.
    public var truncate = false
    /// How the column's values are formatted (a spec or a named format); nil: as the data has them.
    public var format: String?

    /// Creates a column.
    public init(key: String, title: String? = nil, align: ColumnAlignment = .start, truncate: Bool = false) {
        self.key = key
        self.title = title ?? key
        self.align = align
        self.truncate = truncate
    }
}

/// A column's alignment, in the writing direction (`start` is right in Arabic).
public enum ColumnAlignment: String, Sendable, CaseIterable {
    case start, center, end
}

extension PageConfiguration {
    /// Whether the page is made of tiles (drawn by Folio's `tiles.html`).
    var isTiled: Bool { !tiles.isEmpty }
}
