import FolioCore

/// Folio's own words in tiles, in the page's language (English unless it
/// is Chinese), so a level or a change is said, never only coloured.
struct TileWords: Sendable {
    var levels: [Level: String]
    var rising: String
    var falling: String
    var unchanged: String
    var from: String
    var since: String
    var levelTitle: String
    var empty: String
    var loading: String
    var sourceFailed: String
    var nothingAt: @Sendable (String) -> String
    var notNumber: @Sendable (String) -> String
    var notList: @Sendable (String) -> String
    var notChartData: @Sendable (String) -> String
    /// A chart's accessible summary and its data table's words.
    var chart: ChartSummaryText
    var dataTable: String
    var time: String

    static let english = TileWords(
        levels: [.ok: "OK", .warning: "Warning", .critical: "Critical", .unknown: "Unknown"],
        rising: "up", falling: "down", unchanged: "unchanged", from: "from", since: "since",
        levelTitle: "Level",
        empty: "Nothing to show", loading: "Loading…",
        sourceFailed: "This tile's data could not be loaded.",
        nothingAt: { "No value at ‘\($0)’ in this tile's data." },
        notNumber: { "The value at ‘\($0)’ is not a number." },
        notList: { "The value at ‘\($0)’ is not a list." },
        notChartData: { "The value at ‘\($0)’ is not chart data." }, chart: .english, dataTable: "Data",
        time: "Time")

    static let chinese = TileWords(
        levels: [.ok: "正常", .warning: "警告", .critical: "严重", .unknown: "未知"],
        rising: "上升", falling: "下降", unchanged: "持平", from: "之前为", since: "自", levelTitle: "级别",
        empty: "暂无内容", loading: "加载中…",
        sourceFailed: "此卡片的数据无法加载。",
        nothingAt: { "此卡片的数据中没有“\($0)”。" },
        notNumber: { "“\($0)”的值不是数字。" },
        notList: { "“\($0)”的值不是列表。" },
        notChartData: { "“\($0)”的值不是图表数据。" }, chart: .chinese, dataTable: "数据", time: "时间")

    static func forLanguage(_ tag: String) -> TileWords {
        tag.lowercased().hasPrefix("zh") ? chinese : english
    }

    /// The icon beside a level's word: a shape of its own per level, so
    /// neither colour nor the icon alone carries it.
    static let icons: [Level: String] = [.ok: "✓", .warning: "!", .critical: "✕", .unknown: "?"]
}
