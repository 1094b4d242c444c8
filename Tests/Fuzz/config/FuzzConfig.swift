// libFuzzer entry for Folio's configuration loader: FolioTemplate's located
// JSON reader (`JSONReader`, comments allowed) and
// `FolioConfiguration.parse`, built by `scripts/fuzz config` from
// Sources/Folio/Config against FolioSync, FolioCore and FolioTemplate
// compiled as modules.
//
// Besides "never crash, leak or hang", it checks:
// - every problem's line and column lie inside the input (the promise
//   behind "errors name file:line:col");
// - a failed load reports at least one problem, and loading is a function
//   of the bytes;
// - the reader's strict re-serialisation (`jsonText`) reads back to the same
//   text, and is accepted by `TemplateValue(json:)`, the same reader
//   without comments (inline page data crosses from one to the other);
// - a configuration that loads has valid, unique pager and page keys.
import FolioTemplate
import Foundation

/// The number of lines in `bytes` (a final line without a newline counts).
func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
}

/// Checks one problem list against the input it came from.
func checkProblems(_ problems: [ConfigurationProblem], lines: Int) {
    precondition(!problems.isEmpty, "a failed load reported no problem")
    for problem in problems where problem.file == "fuzz.json" {
        guard let location = problem.location else { continue }
        precondition(location.line >= 1 && location.line <= lines, "line outside the input: \(problem)")
        precondition(location.column >= 1, "column before the line: \(problem)")
        _ = problem.description
    }
}

/// Checks a configuration that loaded.
func checkConfiguration(_ configuration: FolioConfiguration) {
    let keySet = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
    precondition(!configuration.pagers.isEmpty, "a configuration without pagers loaded")
    precondition(Set(configuration.pagers.map(\.key)).count == configuration.pagers.count, "duplicate pager")
    for pager in configuration.pagers {
        precondition(
            !pager.key.isEmpty && pager.key.allSatisfy { keySet.contains($0) }, "bad key \(pager.key)")
        precondition(!pager.pages.isEmpty, "a pager without pages loaded")
        precondition(Set(pager.pages.map(\.key)).count == pager.pages.count, "duplicate page")
        for page in pager.pages {
            precondition(page.key.allSatisfy { keySet.contains($0) }, "bad page key \(page.key)")
            if case .inline(let json) = page.source {
                do {
                    _ = try TemplateValue(json: Data(json.utf8))
                } catch {
                    preconditionFailure("FolioTemplate rejects inline data \(json): \(error)")
                }
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = lineCount(bytes)
    if let node = try? JSONReader.parse(bytes, allowsComments: true) {
        let text = node.jsonText
        let again = try? JSONReader.parse(Array(text.utf8))
        precondition(again?.jsonText == text, "jsonText does not read back: \(text)")
        do {
            _ = try TemplateValue(json: Data(text.utf8))
        } catch {
            preconditionFailure("FolioTemplate rejects \(text): \(error)")
        }
    }
    let first: Result<FolioConfiguration, ConfigurationError>
    do {
        first = .success(
            try FolioConfiguration.parse(
                bytes, file: "fuzz.json", directory: fuzzDataDirectory, templatesDirectory: nil))
    } catch {
        first = .failure(error)
    }
    switch first {
    case .success(let configuration): checkConfiguration(configuration)
    case .failure(let error): checkProblems(error.problems, lines: lines)
    }
    return 0
}

/// A folder with one good and one bad data file, made once, so `dataFile`
/// paths in the input reach both branches.
let fuzzDataDirectory: String = {
    let directory = NSTemporaryDirectory() + "folio-fuzz-config"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
        atPath: directory + "/good.json", contents: Data(#"{"posts": []}"#.utf8))
    _ = FileManager.default.createFile(atPath: directory + "/bad.json", contents: Data("[1, 2".utf8))
    return directory
}()
