/// One piece of a page's data from a file, URL or provider (the page's own,
/// or one of its tiles'), under its loader name (`pager/page`,
/// `pager/page/tile`): made once per pager, so loading it for a view builds
/// no name and copies no configuration.
struct ExternalData: Sendable {
    let name: String
    let source: PageSource
    /// How long loaded data stays current (`refreshSeconds`); `nil` for as
    /// long as the source says.
    let recheckAfter: Double?
}
