import FolioCore
import FolioHTTP
import FolioSync

/// `POST /{pager}/select` and `POST /{pager}/scroll`, resolved: the page
/// the click selects and where its answer goes.
struct ClickRequest: Sendable {
    let pager: ResolvedPager
    let form: FormFields
    /// The page selected: `page` (select), or `floor(offset / width)` clamped
    /// (scroll, seed 001); for a click on a missing page, `shownIndex`.
    let index: Int
    /// The key a select names when the pager has no such page (it may have
    /// been removed since the form was shown: `ClickRoute` decides), else `nil`.
    let missingPage: String?
    /// Whether the form's `from` names no page of the pager: the form was
    /// shown under an earlier configuration.
    let predatesConfiguration: Bool
    /// The page the form was shown on (`from`), where a session created by
    /// this click starts, so its lifecycle continues from that view.
    let shownIndex: Int
    let returnTarget: ReturnTarget?
    /// Whether the answer is the fragment (`HX-Request: true`), not a redirect.
    let swapsFragment: Bool
    /// When the browser made the click (`clickedAt`, ms since 1970), if it says.
    let madeAt: Double?

    /// The reducer step of this click: for a missing page, the pager shown as it is.
    var step: PagerStep { missingPage == nil ? .click(index, madeAt: madeAt) : .appear }

    /// - Throws: `ClientError` 400 for a malformed form or return target,
    ///   404 for a page index out of range.
    init(_ route: Route, _ pager: ResolvedPager, _ request: HTTPRequest) throws(ClientError) {
        self.pager = pager
        do {
            form = try request.form()
        } catch {
            throw .badRequest("The form is malformed: \(error).")
        }
        if let from = form["from"], !from.isEmpty {
            // A form older than a configuration change may name a page gone
            // since: the session (if this click makes one) starts on the first page.
            shownIndex = pager.pageIndex(from) ?? 0
            predatesConfiguration = pager.pageIndex(from) == nil
        } else {
            // Forms rendered before `from` existed: the pager's first page, as `GET /{pager}` shows it.
            shownIndex = 0
            predatesConfiguration = false
        }
        if case .scroll = route {
            guard let text = form["offset"], let offset = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs an 'offset' field: the scroll position in CSS px.")
            }
            guard let text = form["width"], let width = Double(text.trimmingSpacesAndTabs()) else {
                throw .badRequest("The form needs a 'width' field: the page width in CSS px.")
            }
            missingPage = nil
            do {
                index = try PagerState.pageIndex(offset: offset, pageWidth: width, count: pager.pageCount)
            } catch {
                throw ClientError.from(error, pager: pager.key)
            }
        } else {
            guard let page = form["page"], !page.isEmpty else {
                throw .badRequest("The form needs a 'page' field: a page key or index.")
            }
            if pager.pageIndex(page) == nil, Int(page) == nil {
                index = shownIndex
                missingPage = page
            } else {
                index = try pager.pageIndex(formValue: page)
                missingPage = nil
            }
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
