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

    static func unavailable(_ error: StoreError) -> ClientError {
        ClientError(
            status: .serviceUnavailable,
            message: "The state store cannot save right now (\(error.message)); nothing was changed.")
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
