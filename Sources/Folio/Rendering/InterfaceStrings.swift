/// The few words Folio itself puts on a page (the navigation bar's label,
/// the index's lead, the error page's sentences), in the dashboard's or the
/// pager's language, so a page never mixes languages.
struct InterfaceStrings: Sendable, Hashable {
    /// The language these strings are in (`en`, `zh-Hans`).
    let language: String
    /// The `aria-label` of a pager's navigation bar.
    let navigation: String
    /// The link from an error page to the index.
    let home: String
    /// The sentence under the index's title.
    let indexLead: String
    /// A short sentence per HTTP status of an error page.
    let errors: [Int: String]
    /// For a status without its own sentence.
    let otherError: String
    /// A panel whose data is still loading.
    let panelLoading: String
    /// A panel whose data or template failed (the why is in the server's log).
    let panelFailed: String
    /// The link that loads a failed panel's page again.
    let panelRetry: String
    /// Over a panel whose refresh failed, with the time its data is from.
    let panelStaleFormat: String
    /// Above a pager answered to a click on a page it no longer has.
    let pageRemovedNotice: String
    /// The link from a 404 page of a missing page to its pager, `{pager}` its title.
    let openPagerFormat: String

    /// "Go to Health" for the pager titled `title`.
    func openPager(_ title: String) -> String {
        openPagerFormat.replacingOccurrences(of: "{pager}", with: title)
    }

    /// "Updated 14:05, retrying" for the time `clock`.
    func panelStale(_ clock: String) -> String {
        panelStaleFormat.replacingOccurrences(of: "{time}", with: clock)
    }

    /// The sentence for an error page of `status`.
    func error(_ status: Int) -> String { errors[status] ?? otherError }

    static let english = InterfaceStrings(
        language: "en", navigation: "Navigation", home: "Back to the home page",
        indexLead: "Pager dashboards: each tab in the title bar is a page; click a title or swipe to switch.",
        errors: [
            400: "The request was not understood.", 403: "This action is not allowed.",
            404: "This page does not exist.", 405: "This method is not allowed here.",
            500: "Something went wrong on the server.", 503: "The service is busy; try again shortly.",
        ],
        otherError: "The request could not be answered.", panelLoading: "Loading this page…",
        panelFailed: "This page cannot be shown right now.", panelRetry: "Try again",
        panelStaleFormat: "Updated {time}, retrying…",
        pageRemovedNotice: "That page is no longer on this dashboard: here it is as it is now.",
        openPagerFormat: "Go to {pager}")

    static let simplifiedChinese = InterfaceStrings(
        language: "zh-Hans", navigation: "导航", home: "返回首页",
        indexLead: "分页看板：标题栏里的每个标签对应一页内容，点击标题或左右滑动即可切换。",
        errors: [
            400: "无法理解这个请求。", 403: "不允许这个操作。", 404: "这个页面不存在。", 405: "这里不支持这个请求方法。",
            500: "服务器出了问题。", 503: "服务正忙，请稍后再试。",
        ],
        otherError: "无法响应这个请求。", panelLoading: "正在载入……", panelFailed: "这一页暂时无法显示。",
        panelRetry: "重试", panelStaleFormat: "更新于 {time}，正在重试…",
        pageRemovedNotice: "那一页已不在这个看板上，这是看板现在的样子。", openPagerFormat: "前往{pager}")

    /// The strings for a BCP 47 tag: Simplified Chinese for `zh`, `zh-Hans`
    /// and the regions that write it (`zh-CN`, `zh-SG`); English for `en-*`
    /// and, as the fallback, every other language (`nil` from `exact`).
    static func forLanguage(_ tag: String) -> InterfaceStrings { exact(tag) ?? english }

    /// The table written for `tag`'s language, if there is one.
    static func exact(_ tag: String) -> InterfaceStrings? {
        let subtags = tag.lowercased().split(separator: "-").map(String.init)
        switch subtags.first {
        case "en": return english
        case "zh":
            let rest = Set(subtags.dropFirst())
            // Traditional script (or a region that writes it) has no table: English, not the wrong script.
            if rest.contains("hant") || !rest.isDisjoint(with: ["tw", "hk", "mo"]) && !rest.contains("hans") {
                return nil
            }
            return simplifiedChinese
        default: return nil
        }
    }
}
