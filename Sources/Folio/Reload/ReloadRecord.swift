import FolioSync
import Foundation

/// What the last reload came to, for `/healthz`: nothing yet, or the
/// problems of the last one that failed (cleared by the next that passes),
/// with the dashboard's folders left out of the paths: anyone who reaches
/// `/healthz` reads them, and the log has them whole.
final class ReloadRecord: Sendable {
    private let lastError = LockedValue<String?>(nil)

    /// The last failed reload's problems on one line (`; ` between them),
    /// nil when the last reload passed or none was tried.
    var lastFailure: String? { lastError.withLock { $0 } }

    /// A reload replaced the generation.
    func passed() { lastError.withLock { $0 = nil } }

    /// A reload was refused for `error`: its every line, on one line, so it
    /// fits a header, each of `folders` (with its `/`) taken out.
    func failed(_ error: any Error, hiding folders: [String]) {
        var text = "\(error)"
        // Longest first, so a folder inside another is taken out whole.
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            text = text.replacingOccurrences(of: folder.hasSuffix("/") ? folder : folder + "/", with: "")
        }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        lastError.withLock { $0 = lines.filter { !$0.isEmpty }.joined(separator: "; ") }
    }
}
