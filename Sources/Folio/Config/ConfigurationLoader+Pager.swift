import FolioCore
import FolioTemplate

extension ConfigurationLoader {
    static let pagerKeys = [
        "key", "title", "titleStyle", "layout", "transition", "fontSize", "barHeight", "cacheLimit",
        "colors", "navigation", "pages",
    ]

    /// Reads one pager; `nil` when it is too broken to use (problems reported).
    mutating func pager(_ node: JSONNode) -> (PagerConfiguration, SourceLocation)? {
        guard let fields = reader.object(node, allowed: Self.pagerKeys, what: "a pager") else { return nil }
        let key = reader.string(fields, "key", in: "a pager", required: true)
        let keyLocation = fields["key"]?.value.location ?? node.location
        let what = key.map { "pager '\($0)'" } ?? "a pager"
        let title = reader.string(fields, "title", in: what, required: true)
        var keyIsValid = false
        if let key { keyIsValid = checkKey(key, at: keyLocation, reserved: Self.reservedPagerKeys) }

        var pages: [PageConfiguration] = []
        if let member = fields["pages"] {
            if case .array(let nodes) = member.value.value, !nodes.isEmpty {
                var seen: [String: SourceLocation] = [:]
                for pageNode in nodes {
                    // Duplicates are found from the declared key, even on a page with other problems.
                    var isDuplicate = false
                    if let (declared, location) = Self.declaredKey(pageNode) {
                        if let first = seen[declared] {
                            reader.report(
                                location, "duplicate page key '\(declared)' in \(what) (first at \(first))")
                            isDuplicate = true
                        } else {
                            seen[declared] = location
                        }
                    }
                    // A duplicate is still read, so its other problems show too.
                    if let (page, _) = self.page(pageNode, in: what), !isDuplicate { pages.append(page) }
                }
            } else {
                reader.report(member.value.location, "'pages' must be a non-empty array")
            }
        } else {
            reader.reportMissing("pages", in: what, fields)
        }

        var pager = PagerConfiguration(key: key ?? "", title: title ?? "", pages: pages)
        if let style = reader.string(fields, "titleStyle", in: what, required: false) {
            if let parsed = TitleStyle(rawValue: style) {
                pager.titleStyle = parsed
            } else {
                reader.report(
                    fields["titleStyle"]?.value.location, "titleStyle must be 'underline' or 'segmented'")
            }
        }
        if let member = fields["layout"], let layout = layout(member.value) { pager.layout = layout }
        if let member = fields["transition"], let transition = transition(member.value) {
            pager.transition = transition
        }
        if let size = reader.number(fields, "fontSize", in: 6...96) { pager.fontSize = size }
        if let height = reader.number(fields, "barHeight", in: 16...200) { pager.barHeight = height }
        if let member = fields["cacheLimit"], !isNull(member.value),
            let limit = reader.number(member.value, named: "cacheLimit", in: 1...10_000)
        {
            if limit == limit.rounded() {
                pager.cacheLimit = Int(limit)
            } else {
                reader.report(member.value.location, "'cacheLimit' must be a whole number")
            }
        }
        if let member = fields["colors"] { pager.colors = colors(member.value, in: what) }
        if let member = fields["navigation"], !isNull(member.value) {
            pager.navigation = navigation(member.value, in: what)
        }
        guard key != nil, keyIsValid, title != nil, !pages.isEmpty else { return nil }
        return (pager, keyLocation)
    }

    /// The string `key` member of an object node, if it has one.
    static func declaredKey(_ node: JSONNode) -> (String, SourceLocation)? {
        guard case .object(let members) = node.value,
            let member = members.first(where: { $0.key == "key" }), case .string(let key) = member.value.value
        else { return nil }
        return (key, member.value.location)
    }

    func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    /// `"equal"`, `{"fixed": width}` or `{"fit": padding}`.
    mutating func layout(_ node: JSONNode) -> TitleBarLayout? {
        let message = "layout must be \"equal\", {\"fixed\": width} or {\"fit\": padding}"
        switch node.value {
        case .string("equal"): return .equal
        case .object(let members) where members.count == 1:
            let member = members[0]
            switch member.key {
            case "fixed":
                return reader.number(member.value, named: "fixed", in: 8...2000).map { .fixed(width: $0) }
            case "fit":
                return reader.number(member.value, named: "fit", in: 0...200).map { .fit(padding: $0) }
            default:
                reader.report(member.keyLocation, message)
                return nil
            }
        default:
            reader.report(node.location, message)
            return nil
        }
    }

    /// `"slide"` or `{"crossDissolve": seconds}`.
    mutating func transition(_ node: JSONNode) -> Transition? {
        let message = "transition must be \"slide\" or {\"crossDissolve\": seconds}"
        switch node.value {
        case .string("slide"): return .slide
        case .object(let members) where members.count == 1 && members[0].key == "crossDissolve":
            return reader.number(members[0].value, named: "crossDissolve", in: 0...10).map {
                .crossDissolve(duration: $0)
            }
        default:
            reader.report(node.location, message)
            return nil
        }
    }

    mutating func colors(_ node: JSONNode, in what: String) -> PagerColors {
        var colors = PagerColors()
        let keys = ["bar", "title", "selectedTitle", "indicator", "background"]
        guard let fields = reader.object(node, allowed: keys, what: "the colors of \(what)") else {
            return colors
        }
        for key in keys {
            guard let value = reader.string(fields, key, in: "colors", required: false) else { continue }
            guard CSSColor.isValid(value) else {
                reader.report(fields[key]?.value.location, "'\(value)' is not a CSS colour")
                continue
            }
            switch key {
            case "bar": colors.bar = value
            case "title": colors.title = value
            case "selectedTitle": colors.selectedTitle = value
            case "indicator": colors.indicator = value
            default: colors.background = value
            }
        }
        return colors
    }

    mutating func navigation(_ node: JSONNode, in what: String) -> NavigationConfiguration? {
        guard
            let fields = reader.object(
                node, allowed: ["titleImage", "leftButton"], what: "the navigation of \(what)")
        else { return nil }
        var navigation = NavigationConfiguration()
        navigation.titleImage = reader.string(fields, "titleImage", in: "navigation", required: false)
        if let member = fields["leftButton"],
            let button = reader.object(member.value, allowed: ["label", "icon", "href"], what: "leftButton")
        {
            let label = reader.string(button, "label", in: "leftButton", required: true)
            let href = reader.string(button, "href", in: "leftButton", required: true)
            let icon = reader.string(button, "icon", in: "leftButton", required: false)
            if let href, !Self.isSafeLink(href) {
                reader.report(
                    button["href"]?.value.location,
                    "leftButton href '\(href)' must be a path (like \"tags\") or an http(s) URL")
            } else if let label, let href {
                navigation.leftButton = NavigationButton(label: label, icon: icon, href: href)
            }
        }
        return navigation
    }

    /// Whether a configured link is a relative path or an http(s) URL: a
    /// `javascript:` or `data:` link would run or show code the author did not mean.
    static func isSafeLink(_ href: String) -> Bool {
        let scheme = href.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        guard scheme.count < href.count, href[scheme.endIndex] == ":" else { return true }
        return ["http", "https"].contains(scheme.lowercased())
    }
}
