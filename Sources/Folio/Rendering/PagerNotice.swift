/// A short sentence Folio shows above a pager's bar, in a `role="status"`
/// element, to say why the answer is not what the visitor asked for.
/// Same for every visitor of a language, so renderings with it are cached
/// like any other.
enum PagerNotice: Hashable, Sendable {
    /// A click named a page the configuration no longer has: the answer is
    /// the pager as it is now.
    case pageRemoved

    /// The sentence in `strings`' language.
    func text(in strings: InterfaceStrings) -> String {
        switch self {
        case .pageRemoved: strings.pageRemovedNotice
        }
    }
}
