import FolioTemplate
import Foundation

extension ConfigurationLoader {
    static let pageKeys = [
        "key", "title", "template", "data", "dataFile", "url", "simulate", "cacheSeconds", "timeoutSeconds",
        "refreshSeconds",
        "badge", "badgeLabel", "access", "tiles",
    ]

    /// Reads one page at `path`; `nil` when it has no key (problems reported).
    mutating func page(_ node: JSONNode, in pagerWhat: String, at path: String) -> PageConfiguration? {
        note(path, node.location)
        guard let fields = reader.object(node, allowed: Self.pageKeys, what: "a page of \(pagerWhat)") else {
            return nil
        }
        let key = reader.string(fields, "key", in: "a page of \(pagerWhat)", required: true)
        note(path + ".key", fields["key"]?.value.location ?? node.location)
        let what = key.map { "page '\($0)' of \(pagerWhat)" } ?? "a page of \(pagerWhat)"
        let title = requiredString(fields, "title", in: what, at: path + ".title")
        // A page of tiles is drawn by Folio's own template unless it names one
        // of its own, which then places the tiles itself (`tilesByKey`).
        let tiles = fields["tiles"].map { self.tiles($0.value, in: what, at: path + ".tiles") } ?? []
        let template =
            fields["tiles"] == nil || fields["template"] != nil
            ? requiredString(fields, "template", in: what, at: path + ".template") : "tiles.html"
        var source = self.source(fields, in: what, at: path + ".source")
        note(path + ".refreshSeconds", fields["refreshSeconds"]?.value.location)
        note(path + ".badge", fields["badge"]?.value.location)
        let refreshSeconds = reader.number(fields, "refreshSeconds")
        if let member = fields["refreshSeconds"],
            !["dataFile", "url", "simulate"].contains(where: { fields[$0] != nil })
        {
            reader.report(
                member.keyLocation,
                "'refreshSeconds' only applies to a page with a 'url', a 'dataFile' or 'simulate'")
        }
        let badge = reader.string(fields, "badge", in: what, required: false)
        if case .url(let url, _, let timeout) = source, let refreshSeconds, fields["cacheSeconds"] == nil {
            // A live feed is kept no longer than its refresh period: a view without JavaScript gets the newest.
            source = .url(url, cacheSeconds: refreshSeconds, timeoutSeconds: timeout)
        }
        if let simulated = simulatedSource(fields, in: what) {
            // Made up afresh at each refresh; without one, once a minute.
            source = simulated.source(cacheSeconds: refreshSeconds ?? 60)
        }
        guard let key else { return nil }
        var page = PageConfiguration(
            key: key, title: title, template: template, source: source ?? PageSource.none,
            refreshSeconds: refreshSeconds, badge: badge)
        if let member = fields["access"] { page.access = accessRule(member.value, at: path + ".access") }
        page.tiles = tiles
        page.badgeLabel = reader.string(fields, "badgeLabel", in: what, required: false)
        return page
    }

    /// Exactly one of `data`, `dataFile`, `url`, `simulate` (or none); `nil`
    /// after reporting, and for `simulate`, which `simulatedSource` reads.
    mutating func source(_ fields: [String: JSONMember], in what: String, at path: String) -> PageSource? {
        let given = ["data", "dataFile", "url", "simulate"].filter { fields[$0] != nil }
        if given.count > 1 {
            reader.report(
                fields[given[1]]?.keyLocation, "\(what) has both '\(given[0])' and '\(given[1])': choose one")
            return nil
        }
        for key in ["cacheSeconds", "timeoutSeconds"] where given.first != "url" {
            if let member = fields[key] {
                reader.report(member.keyLocation, "'\(key)' only applies to a page with a 'url'")
            }
        }
        guard let kind = given.first else { return PageSource.none }
        note(path, fields[kind]?.value.location)
        switch kind {
        case "simulate":
            return nil
        case "data":
            let node = fields["data"]!.value
            guard case .object = node.value else {
                reader.report(node.location, "'data' must be an object, found \(node.kind)")
                return nil
            }
            return .inline(json: node.jsonText)
        case "dataFile":
            guard let name = reader.string(fields, "dataFile", in: what, required: true) else { return nil }
            return .file(path: name.hasPrefix("/") ? name : directory + "/" + name)
        default:
            guard let text = reader.string(fields, "url", in: what, required: true) else { return nil }
            guard let url = URL(string: text) else {
                reader.report(fields["url"]?.value.location, "'\(text)' is not an http(s) URL")
                return nil
            }
            note(path + ".cacheSeconds", fields["cacheSeconds"]?.value.location)
            note(path + ".timeoutSeconds", fields["timeoutSeconds"]?.value.location)
            let cache = reader.number(fields, "cacheSeconds") ?? 60
            let timeout = reader.number(fields, "timeoutSeconds") ?? 5
            return .url(url, cacheSeconds: cache, timeoutSeconds: timeout)
        }
    }
}
