/// A click naming a page the pager does not have: after a configuration
/// change, a tab the visitor still sees may be gone. Such a click is
/// answered with the pager as it is now and a notice (`PagerNotice`), not
/// an error page, when the page may really have been there; otherwise it
/// stays a 404.
extension ClickRoute {
    /// The 404 for a click on a page that was never there: not in the
    /// session's record as stored (before it is adapted) nor among the pages
    /// its last adaptation removed, on a form shown under the configuration
    /// in force. `nil` when the click is answered (its page exists, or may
    /// have been removed since).
    func missingPageRefusal(_ click: ClickRequest, session: SessionRecord?) -> ClientError? {
        guard let missing = click.missingPage, !click.predatesConfiguration else { return nil }
        if let stored = session?.pagers[click.pager.key],
            stored.state.index(ofKey: missing) != nil
                || stored.pagesChanged?.removed.contains(missing) == true
        {
            return nil
        }
        return .noPage(missing, of: click.pager.configuration)
    }
}
