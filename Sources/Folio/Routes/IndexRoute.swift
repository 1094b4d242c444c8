import FolioHTTP
import FolioTemplate

/// `GET /`: the index of the pagers the person may see.
struct IndexRoute: Sendable {
    let templates: TemplateSet
    let site: SiteContext
    /// The pagers in configuration order: the index lists them so.
    let pagers: [ResolvedPager]
    let access: PagerAccess

    func plan(for person: Person?) -> RoutePlan {
        let shown = pagers.filter { (try? access.visible($0.key, to: person).get()) != nil }
        let pagers: [TemplateValue] = shown.map { pager in
            .object(
                TemplateObject([
                    ("key", .string(pager.key)), ("title", .string(pager.configuration.title)),
                    ("href", .string(site.pagerURL(pager.key))),
                ]))
        }
        var response: HTTPResponse
        do {
            var output: [UInt8] = []
            try templates.template(named: PagerView.indexTemplate).render(
                ["site": site.templateValue, "pagers": .array(pagers)], into: &output)
            response = .html(.ok, output)
            // Who is asking decides what is listed: never from a shared cache.
            if access.hasRules { response.headers.add(name: "Cache-Control", value: "private, no-cache") }
        } catch {
            response = .text(.internalServerError, "The index template failed: \(error)")
        }
        return .answered(response)
    }
}
