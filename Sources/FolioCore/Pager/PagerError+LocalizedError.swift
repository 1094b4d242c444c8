import Foundation

// Callers that print `error.localizedDescription` (Foundation's default for
// any `Error`) get the same sentence as `description`, not "The operation
// could not be completed".
extension PagerError: LocalizedError {
    /// The same sentence as ``description``.
    public var errorDescription: String? { description }
}
