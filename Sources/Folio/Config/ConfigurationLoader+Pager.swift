import FolioCore
import FolioTemplate

extension ConfigurationLoader {
    static let pagerKeys = [
        "key", "title", "titleStyle", "layout", "transition", "fontSize", "barHeight", "cacheLimit",
        "colors", "navigation", "pages", "lang", "dir", "access", "rotate",
    ]

    /// Reads one pager at `path`; `nil` when it has no key (problems reported).
    mutating func pager(_ node: JSONNode, at path: String) -> PagerConfiguration? {
        note(path, node.location)
        guard let fields = reader.object(node, allowed: Self.pagerKeys, what: "a pager") else { return nil }
        let key = reader.string(fields, "key", in: "a pager", required: true)
        note(path + ".key", fields["key"]?.value.location ?? node.location)
        let what = key.map { "pager '\($0)'" } ?? "a pager"
        let title = requiredString(fields, "title", in: what, at: path + ".title")

        var pages: [PageConfiguration] = []
        if let member = fields["pages"] {
            note(path + ".pages", member.value.location)
            if case .array(let nodes) = member.value.value {
                for pageNode in nodes {
                    if let page = self.page(pageNode, in: what, at: "\(path).pages[\(pages.count)]") {
                        pages.append(page)
                    }
                }
                if pages.count < nodes.count { alreadyReported.insert(path + ".pages") }
            } else {
                reader.report(member.value.location, "'pages' must be a non-empty array")
                alreadyReported.insert(path + ".pages")
            }
        } else {
            reader.reportMissing("pages", in: what, fields)
            alreadyReported.insert(path + ".pages")
        }

        var pager = PagerConfiguration(key: key ?? "", title: title, pages: pages)
        if let style = reader.string(fields, "titleStyle", in: what, required: false) {
            if let parsed = TitleStyle(rawValue: style) {
                pager.titleStyle = parsed
            } else {
                reader.report(
                    fields["titleStyle"]?.value.location, "titleStyle must be 'underline' or 'segmented'")
            }
        }
        if let member = fields["layout"], let layout = layout(member.value, at: path + ".layout") {
            pager.layout = layout
        }
        if let member = fields["transition"],
            let transition = transition(member.value, at: path + ".transition")
        {
            pager.transition = transition
        }
        for name in ["fontSize", "barHeight", "cacheLimit", "rotate"] {
            note(path + "." + name, fields[name]?.value.location)
        }
        if let size = reader.number(fields, "fontSize") { pager.fontSize = size }
        if let height = reader.number(fields, "barHeight") { pager.barHeight = height }
        if let member = fields["rotate"], !isNull(member.value) {
            pager.rotate = reader.number(member.value, named: "rotate")
        }
        if let member = fields["cacheLimit"], !isNull(member.value),
            let limit = reader.number(member.value, named: "cacheLimit")
        {
            if let whole = Int(exactly: limit) {
                pager.cacheLimit = whole
            } else {
                reader.report(member.value.location, "'cacheLimit' must be a whole number")
            }
        }
        if let member = fields["colors"] {
            let (light, dark) = colorSchemes(
                member.value, starts: (.light(for: pager.titleStyle), .dark(for: pager.titleStyle)), in: what,
                at: path + ".colors")
            pager.colors = light
            if let dark { pager.darkColors = dark }
        }
        pager.lang = language(fields, in: what, at: path + ".lang")
        pager.dir = direction(fields, in: what, at: path + ".dir")
        if let member = fields["navigation"], !isNull(member.value) {
            pager.navigation = navigation(member.value, in: what, at: path + ".navigation")
        }
        if let member = fields["access"] { pager.access = accessRule(member.value, at: path + ".access") }
        guard key != nil else { return nil }
        return pager
    }

    func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    /// `"equal"`, `{"fixed": width}` or `{"fit": padding}`.
    mutating func layout(_ node: JSONNode, at path: String) -> TitleBarLayout? {
        let message = "layout must be \"equal\", {\"fixed\": width} or {\"fit\": padding}"
        switch node.value {
        case .string("equal"): return .equal
        case .object(let members) where members.count == 1:
            let member = members[0]
            note(path, member.value.location)
            switch member.key {
            case "fixed":
                return reader.number(member.value, named: "fixed").map { .fixed(width: $0) }
            case "fit":
                return reader.number(member.value, named: "fit").map { .fit(padding: $0) }
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
    mutating func transition(_ node: JSONNode, at path: String) -> Transition? {
        let message = "transition must be \"slide\" or {\"crossDissolve\": seconds}"
        switch node.value {
        case .string("slide"): return .slide
        case .object(let members) where members.count == 1 && members[0].key == "crossDissolve":
            note(path, members[0].value.location)
            return reader.number(members[0].value, named: "crossDissolve").map {
                .crossDissolve(duration: $0)
            }
        default:
            reader.report(node.location, message)
            return nil
        }
    }

    /// `colors`: the light colours, and inside them `dark`, the colours for
    /// `prefers-color-scheme: dark`, each key defaulting to `starts` (the
    /// title style's defaults); `nil` for no `dark`.
    mutating func colorSchemes(
        _ node: JSONNode, starts: (light: PagerColors, dark: PagerColors), in what: String, at path: String
    ) -> (PagerColors, PagerColors?) {
        let light = colors(node, start: starts.light, in: what, at: path, allowingDark: true)
        guard case .object(let members) = node.value, let dark = members.first(where: { $0.key == "dark" })
        else { return (light, nil) }
        note(path + ".dark", dark.value.location)
        let what = "the dark colors of \(what)"
        return (
            light, colors(dark.value, start: starts.dark, in: what, at: path + ".dark", allowingDark: false)
        )
    }

    mutating func colors(
        _ node: JSONNode, start: PagerColors, in what: String, at path: String, allowingDark: Bool
    ) -> PagerColors {
        var colors = start
        let keys = ["bar", "title", "selectedTitle", "indicator", "background"]
        let allowed = allowingDark ? keys + ["dark"] : keys
        let name = allowingDark ? "the colors of \(what)" : what
        guard let fields = reader.object(node, allowed: allowed, what: name) else {
            return colors
        }
        for key in keys {
            guard let value = reader.string(fields, key, in: "colors", required: false) else { continue }
            note(path + "." + key, fields[key]?.value.location)
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

    mutating func navigation(_ node: JSONNode, in what: String, at path: String) -> NavigationConfiguration? {
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
            note(path + ".leftButton.href", button["href"]?.value.location)
            if let label, let href {
                navigation.leftButton = NavigationButton(label: label, icon: icon, href: href)
            }
        }
        return navigation
    }

}
