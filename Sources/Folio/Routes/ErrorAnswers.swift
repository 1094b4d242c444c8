import FolioHTTP
import FolioTemplate

/// The one place refusals become answers: the status and the message, as
/// the error page for browsers (`Accept: text/html`, not htmx) and as plain
/// text otherwise. `405` carries `Allow`.
struct ErrorAnswers: Sendable {
    let templates: TemplateSet
    let site: SiteContext
    /// The store's failures, one log line per 5 s during an outage.
    let storeFailureLog = RepeatedLineLimiter(write: PageContentStore.logToStandardError)

    func response(_ error: ClientError, for request: HTTPRequest) -> HTTPResponse {
        if let detail = error.logDetail { storeFailureLog.note(detail) }
        var response: HTTPResponse
        let accept = request.headers["Accept"] ?? ""
        let isSwap = request.headers["HX-Request"] != nil
        if accept.contains("text/html"), !isSwap, let page = errorPage(error, path: request.path) {
            response = .html(error.status, page)
        } else {
            response = .text(error.status, error.message)
        }
        if !error.allowed.isEmpty {
            response.headers.add(name: "Allow", value: error.allowed.map(\.rawValue).joined(separator: ", "))
        }
        response.headers.add(name: "Cache-Control", value: "no-store")
        return response
    }

    /// Runs `body`, turning its refusal into the error answer.
    func answering(_ request: HTTPRequest, _ body: () throws(ClientError) -> HTTPResponse) -> HTTPResponse {
        do { return try body() } catch { return response(error, for: request) }
    }

    private func errorPage(_ error: ClientError, path: String) -> [UInt8]? {
        let strings = site.strings
        let model = TemplateValue.object(
            TemplateObject([
                ("status", .number(Double(error.status.code))), ("message", .string(error.message)),
                ("summary", .string(strings.error(error.status.code))),
                // The server's message is English: shown on English pages only, never mixed into another language.
                ("detail", strings.language == "en" ? .string(error.message) : .null),
                // The address asked for is in no language: every page shows it.
                ("path", .string(path)),
                (
                    "pager",
                    error.pager.map { pager in
                        .object(
                            TemplateObject([
                                ("href", .string(site.pagerURL(pager.key))),
                                ("label", .string(strings.openPager(pager.title))),
                            ]))
                    } ?? .null
                ),
            ]))
        var output: [UInt8] = []
        do {
            try templates.template(named: PagerView.errorTemplate).render(
                ["site": site.templateValue, "error": model], into: &output)
            return output
        } catch {
            return nil
        }
    }
}
