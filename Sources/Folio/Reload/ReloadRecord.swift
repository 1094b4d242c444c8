import FolioSync
import Foundation

/// What the last reload came to, for `/healthz`: nothing yet, or the
/// problems of the last one that failed (cleared by the next that passes).
final class ReloadRecord: Sendable {
    private let lastError = LockedValue<String?>(nil)

    /// The last failed reload's problems on one line (`; ` between them),
    /// nil when the last reload passed or none was tried.
    var lastFailure: String? { lastError.withLock { $0 } }

    /// A reload replaced the generation.
    func passed() { lastError.withLock { $0 = nil } }

    /// A reload was refused for `error`: its every line, on one line, so it fits a header.
    func failed(_ error: any Error) {
        let lines = "\(error)".split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        lastError.withLock { $0 = lines.filter { !$0.isEmpty }.joined(separator: "; ") }
    }
}
