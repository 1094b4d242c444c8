import FolioHTTP
import Foundation

/// What a person does on a pager page: click a title, swipe, post a form.
extension FolioBrowser {
    /// How a title click is sent.
    public enum Navigation: Sendable {
        /// As with JavaScript off: the form posts, the server answers `303`,
        /// the browser loads the page's canonical URL.
        case formPost
        /// As `folio.js` does: the post carries `HX-Request: true` and the
        /// answer is the pager fragment (with `HX-Push-Url`), shown as the new page.
        case fragmentSwap
    }

    /// Clicks the title of page `key` in `pager` (the page's first pager when
    /// `nil`): posts the pager's form with that button and its hidden fields
    /// (the CSRF token, the page shown, the return target).
    /// - Returns: The page shown afterwards.
    /// - Throws: ``FolioBrowserError`` when no page is open, it has no such
    ///   pager or tab, or the server cannot be reached.
    @discardableResult
    public func select(_ key: String, in pager: String? = nil, navigation: Navigation = .formPost)
        throws(FolioBrowserError) -> FolioPage
    {
        let markup = try currentPager(pager)
        guard markup.tabs.contains(where: { $0.key == key }) else {
            throw FolioBrowserError(.noTab(key, pager: markup.key, tabs: markup.tabs.map(\.key)))
        }
        return try post(markup, to: markup.selectAction, fields: [("page", key)], navigation: navigation)
    }

    /// Clicks the title at `index` (from 0) in `pager`.
    /// - Throws: ``FolioBrowserError`` when there is no such title.
    @discardableResult
    public func select(index: Int, in pager: String? = nil, navigation: Navigation = .formPost)
        throws(FolioBrowserError) -> FolioPage
    {
        let markup = try currentPager(pager)
        guard let tab = markup.tabs.first(where: { $0.index == index }) else {
            throw FolioBrowserError(.noTab(String(index), pager: markup.key, tabs: markup.tabs.map(\.key)))
        }
        return try post(markup, to: markup.selectAction, fields: [("page", tab.key)], navigation: navigation)
    }

    /// Ends a swipe: posts the track's scroll position (`offset`) and page
    /// width, as `folio.js` does at scroll end. The server selects
    /// `offset / pageWidth`, clamped.
    /// - Throws: ``FolioBrowserError`` when no pager page is open or the
    ///   server cannot be reached.
    @discardableResult
    public func scroll(
        toOffset offset: Double, pageWidth: Double, in pager: String? = nil,
        navigation: Navigation = .formPost
    ) throws(FolioBrowserError) -> FolioPage {
        let markup = try currentPager(pager)
        let action = markup.scrollAction ?? "\(basePath)/\(markup.key)/scroll"
        return try post(
            markup, to: action, fields: [("offset", Self.number(offset)), ("width", Self.number(pageWidth))],
            navigation: navigation)
    }

    /// Posts any form of the current page, as a browser submits it: every
    /// named `input` (hidden ones included), then `fields` replacing or
    /// adding values, to the form's `action`.
    /// - Parameters:
    ///   - form: XPath of the `<form>`. Default the first form.
    ///   - fields: Values to set, as a submit button's name and value would.
    /// - Throws: ``FolioBrowserError`` when there is no such form.
    @discardableResult
    public func submit(form xpath: String = "//form", fields: [(String, String)] = [])
        throws(FolioBrowserError) -> FolioPage
    {
        guard let current = page else { throw FolioBrowserError(.noPage) }
        var values: [(String, String)] = []
        let action: String
        let method: HTTPMethod
        do {
            let form = try current.node(xpath)
            for input in try form.nodes(".//input[@name]") {
                values.append((input["name"] ?? "", input["value"] ?? ""))
            }
            action = form["action"] ?? current.path
            method = form["method"]?.lowercased() == "post" ? .post : .get
        } catch {
            throw FolioBrowserError(.query(error))
        }
        for (name, value) in fields {
            values.removeAll { $0.0 == name }
            values.append((name, value))
        }
        if method == .get {
            return try request(.get, action + "?" + FormEncoding.encode(values))
        }
        return try request(.post, action, form: values)
    }

    /// `GET /{pager}/state` with this browser's session: what the server
    /// holds, decoded. Does not change the page shown.
    /// - Throws: ``FolioBrowserError`` when the answer is not the state JSON.
    public func state(of pager: String) throws(FolioBrowserError) -> PagerStateSnapshot {
        let path = (try? currentPager(pager))?.stateURL ?? "\(basePath)/\(pager)/state"
        let response = try exchange(.get, path, headers: [:], body: [])
        let bytes = response.body.collectedBytes() ?? []
        guard response.status.code == 200 else {
            throw FolioBrowserError(
                .state("GET \(path) → \(response.status.code): \(String(decoding: bytes, as: UTF8.self))"))
        }
        do {
            return try JSONDecoder().decode(PagerStateSnapshot.self, from: Data(bytes))
        } catch {
            throw FolioBrowserError(.state("\(error)"))
        }
    }

    private func currentPager(_ key: String?) throws(FolioBrowserError) -> PagerMarkup {
        guard let page else { throw FolioBrowserError(.noPage) }
        return try page.pager(key)
    }

    private func post(
        _ markup: PagerMarkup, to action: String?, fields: [(String, String)], navigation: Navigation
    ) throws(FolioBrowserError) -> FolioPage {
        let target = action ?? "\(basePath)/\(markup.key)/select"
        // Every hidden input of the form, as a browser posts it (`csrf`, and
        // `from` and `return`, which a first click needs), then the click's fields.
        var form = markup.hiddenFields.map { ($0.name, $0.value) }
        if form.isEmpty { form = [("csrf", markup.csrfToken ?? "")] }
        for (name, value) in fields {
            form.removeAll { $0.0 == name }
            form.append((name, value))
        }
        switch navigation {
        case .formPost:
            return try request(.post, target, form: form)
        case .fragmentSwap:
            return try request(
                .post, target, form: form, headers: ["HX-Request": "true"], followRedirects: false)
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
