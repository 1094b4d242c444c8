/// Why a ``FolioBrowser`` step failed. Its description is written for a
/// test log and includes the HTML or answer that explains it.
public struct FolioBrowserError: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case connection(String)
        case malformedResponse(String)
        case noPage
        case noPager(String?, source: String, fragment: String)
        case noTab(String, pager: String, tabs: [String])
        case tooManyRedirects(String)
        case query(HTMLQueryError)
        case state(String)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// The query error underneath, when a lookup in the page failed.
    public var queryError: HTMLQueryError? {
        if case .query(let error) = kind { return error }
        return nil
    }

    /// A message for the test log.
    public var description: String {
        switch kind {
        case .connection(let message):
            "cannot reach Folio: \(message)"
        case .malformedResponse(let message):
            "the answer is not HTTP: \(message)"
        case .noPage:
            "no page is open: call open(_:) first"
        case .noPager(let key, let source, let fragment):
            "\(source) has no pager\(key.map { " '\($0)'" } ?? ""); it starts:\n\(fragment)"
        case .noTab(let tab, let pager, let tabs):
            "the pager '\(pager)' has no tab '\(tab)'; its tabs are \(tabs.joined(separator: ", "))"
        case .tooManyRedirects(let path):
            "more than 10 redirects, the last to \(path)"
        case .query(let error):
            error.description
        case .state(let message):
            "the state JSON could not be read: \(message)"
        }
    }
}
