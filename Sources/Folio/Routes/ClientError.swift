import FolioCore
import FolioHTTP

/// A request Folio refuses, with the status and the short human-readable
/// message the answer carries. Errors become responses in one place
/// (`FolioApp.errorResponse`); nothing has changed when one is thrown.
struct ClientError: Error, Sendable, Equatable {
    var status: HTTPStatus
    var message: String
    /// For `405`: the methods the resource allows.
    var allowed: [HTTPMethod] = []
    /// What the server's log gets and the visitor does not (a store's own
    /// error: a database address, a library's words).
    var logDetail: String?
    /// For a `404` of a page a pager does not have (a bookmark of a page
    /// removed since): the pager, which the error page links to.
    var pager: PagerLink?

    /// A pager an error page links to: its key (the URL) and title (the link's words).
    struct PagerLink: Sendable, Equatable {
        var key: String
        var title: String
    }

    /// `404` for a page the pager does not have, linking to the pager.
    static func noPage(_ page: String, of pager: PagerConfiguration) -> ClientError {
        var error = ClientError.notFound("The pager '\(pager.key)' has no page '\(page)'.")
        error.pager = PagerLink(key: pager.key, title: pager.title)
        return error
    }

    static func notFound(_ message: String) -> ClientError {
        ClientError(status: .notFound, message: message)
    }
    static func badRequest(_ message: String) -> ClientError {
        ClientError(status: .badRequest, message: message)
    }
    static func forbidden(_ message: String) -> ClientError {
        ClientError(status: .forbidden, message: message)
    }

    /// A POST without a live session: the page has to be opened first.
    static let noSession = ClientError.forbidden(
        "No session: open the page first; its form carries the CSRF token.")

    static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> ClientError {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return ClientError(
            status: .methodNotAllowed, message: "\(method.rawValue) is not allowed here; use \(names).",
            allowed: allowed)
    }

    /// `503`: the store failed. Its reason goes to the log only.
    static func unavailable(_ error: StoreError) -> ClientError {
        ClientError(
            status: .serviceUnavailable,
            message: "The state store is unavailable right now; nothing was changed. Try again shortly.",
            logDetail: "folio: the state store failed: \(error.message)")
    }

    /// The client-facing form of a reducer's refusal.
    static func from(_ error: PagerError, pager: String) -> ClientError {
        switch error {
        case .unknownKey(let key): .notFound("The pager '\(pager)' has no page '\(key)'.")
        case .indexOutOfRange(let index, let count):
            .notFound("The pager '\(pager)' has no page \(index) (it has \(count), numbered from 0).")
        case .invalidOffset(let offset):
            .badRequest("The scroll offset \(offset) is not a finite number >= 0.")
        case .invalidPageWidth(let width): .badRequest("The page width \(width) is not a finite number > 0.")
        default: .badRequest("\(error)")
        }
    }
}
