import FolioCore
import FolioHTTP
import FolioSync

/// `POST /{pager}/select` and `POST /{pager}/scroll`, resolved: the page
/// the click selects and where its answer goes.
struct ClickRequest: Sendable {
    let pager: ResolvedPager
    let form: FormFields
    /// The page selected: `page` (select), or `floor(offset / width)` clamped (scroll, seed 001).
    let index: Int
    /// The page the form was shown on (`from`), where a session created by
    /// this click starts, so its lifecycle continues from that view.
    let shownIndex: Int
    let returnTarget: ReturnTarget?
    /// Whether the answer is the fragment (`HX-Request: true`), not a redirect.
    let swapsFragment: Bool
    /// When the browser made the click (`clickedAt`, ms since 1970), if it says.
    let madeAt: Double?

    /// The reducer step of this click.
    var step: PagerStep { .click(index, madeAt: madeAt) }

    /// - Throws: `ClientError` 400 for a malformed form or return target,
    ///   404 for an unknown page.
    init(_ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest) throws(ClientError) {
        self.pager = pager
        do {
            form = try request.form()
        } catch {
            throw .badRequest("The form is malformed: \(error).")
        }
        if case .scroll = route {
            guard let text = form["offset"], let offset = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs an 'offset' field: the scroll position in CSS px.")
            }
            guard let text = form["width"], let width = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs a 'width' field: the page width in CSS px.")
            }
            do {
                index = try PagerState.pageIndex(offset: offset, pageWidth: width, count: pager.pageCount)
            } catch {
                throw ClientError.from(error, pager: pager.key)
            }
        } else {
            guard let page = form["page"], !page.isEmpty else {
                throw .badRequest("The form needs a 'page' field: a page key or index.")
            }
            index = try pager.pageIndex(formValue: page)
        }
        if let from = form["from"], !from.isEmpty {
            // A form older than a configuration change may name a page gone since.
            guard let index = pager.pageIndex(from) else {
                throw .badRequest(
                    "The form's 'from' field names no page of the pager '\(pager.key)'; reload the page and try again."
                )
            }
            shownIndex = index
        } else {
            // Forms rendered before `from` existed: the pager's first page, as `GET /{pager}` shows it.
            shownIndex = 0
        }
        if let text = form["clickedAt"], !text.isEmpty {
            guard let time = Double(text.trimmingSpacesAndTabs()), time.isFinite, time > 0 else {
                throw .badRequest(
                    "The form's 'clickedAt' field must be the time of the click in milliseconds since 1970.")
            }
            madeAt = time
        } else {
            madeAt = nil
        }
        returnTarget = try ReturnTarget(form["return"])
        swapsFragment =
            request.headers["HX-Request"].map { $0.trimmingSpacesAndTabs().equalsIgnoringASCIICase("true") }
            ?? false
    }
}
