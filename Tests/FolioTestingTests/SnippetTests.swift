import Foundation
import Testing

/// Every ```` ```swift ```` block of README.md and of the DocC catalogs
/// (`Sources/*/*.docc`) is, byte for byte, a whole file of `Tests/Downstream`:
/// the package that `scripts/test` builds and tests the way a user builds
/// theirs. The manifest "Your own package" shows is that package's `Package.swift`, with
/// Folio's path as a user writes it (`../Folio`, not `../..`) and without the
/// tail that compiles the DocC examples. So a snippet that stops compiling
/// or passing fails `make test`, and one edited in the docs alone fails here.
@Suite struct SnippetTests {
    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let downstream = root + "/Tests/Downstream"
    /// Where the downstream manifest stops being the one the documentation shows.
    static let manifestTail = "\n\n// Not in the documentation:"

    struct Block: CustomStringConvertible {
        var document: String
        var line: Int
        var text: String
        var description: String { "\(document):\(line)" }
    }

    /// The markdown files whose Swift must compile.
    static func documents() -> [String] {
        var found = ["README.md"]
        let sources = root + "/Sources"
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        for module in modules.sorted() {
            let catalogs =
                (try? FileManager.default.contentsOfDirectory(atPath: sources + "/" + module)) ?? []
            for catalog in catalogs.sorted() where catalog.hasSuffix(".docc") {
                let folder = "Sources/\(module)/\(catalog)"
                let files = FileManager.default.enumerator(atPath: root + "/" + folder)?.allObjects ?? []
                for case let file as String in files where file.hasSuffix(".md") {
                    found.append(folder + "/" + file)
                }
            }
        }
        return found
    }

    /// The ```` ```swift ```` blocks of a markdown file, each with a final newline.
    static func blocks(of document: String) throws -> [Block] {
        let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
        var blocks: [Block] = []
        var current: Block?
        var inOtherFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            } else if line.hasPrefix("```") {
                if line == "```swift", !inOtherFence {
                    current = Block(document: document, line: index + 1, text: "")
                } else {
                    inOtherFence.toggle()
                }
            }
        }
        #expect(current == nil, "\(document): a ```swift block is never closed")
        return blocks
    }

    /// Every Swift file of the downstream package by its path there; the
    /// manifest as the documentation shows it.
    static func downstreamFiles() -> [String: String] {
        var files: [String: String] = [:]
        let all = FileManager.default.enumerator(atPath: downstream)?.allObjects ?? []
        for case let path as String in all where path.hasSuffix(".swift") && !path.hasPrefix(".build") {
            guard var text = try? String(contentsOfFile: downstream + "/" + path, encoding: .utf8) else {
                continue
            }
            if path == "Package.swift" { text = shownManifest(text) }
            files[path] = text
        }
        return files
    }

    static func shownManifest(_ manifest: String) -> String {
        let head =
            manifest.range(of: manifestTail).map { String(manifest[..<$0.lowerBound]) + "\n" } ?? manifest
        return head.replacingOccurrences(of: #"path: "../..""#, with: #"path: "../Folio""#)
    }

    @Test func everySwiftBlockIsAWholeFileOfTheDownstreamPackage() throws {
        let files = Self.downstreamFiles()
        #expect(files["Package.swift"] != nil)
        for document in Self.documents() {
            for block in try Self.blocks(of: document) where !files.values.contains(block.text) {
                Issue.record(
                    "\(block): this ```swift block is no file of Tests/Downstream; \(Self.nearest(block, in: files))"
                )
            }
        }
    }

    @Test func yourOwnPackageShowsTheManifestAndTheTestsOfTheDownstreamPackage() throws {
        let files = Self.downstreamFiles()
        let article = "Sources/Folio/Folio.docc/YourOwnPackage.md"
        let readme = try Self.blocks(of: article).map(\.text)
        for path in [
            "Package.swift", "Sources/Dashboard/Dashboard.swift", "Tests/DashboardTests/EssenceTests.swift",
        ] {
            let shown = readme.contains(files[path] ?? "missing")
            #expect(shown, "\(article) does not show Tests/Downstream/\(path)")
        }
    }

    @Test func everyCatalogWithSwiftBlocksIsSearched() throws {
        let documents = Self.documents()
        #expect(documents.contains("Sources/FolioTesting/FolioTesting.docc/FolioTesting.md"))
        let count = try documents.reduce(0) { $0 + (try Self.blocks(of: $1).count) }
        #expect(count >= 10)
    }

    /// Where a block parts from the file it most resembles (same first line).
    static func nearest(_ block: Block, in files: [String: String]) -> String {
        let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let fileLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard fileLines.first == lines.first else { continue }
            let index =
                (0..<min(lines.count, fileLines.count)).first { lines[$0] != fileLines[$0] }
                ?? min(lines.count, fileLines.count)
            return "it parts from Tests/Downstream/\(path) at its line \(index + 1)"
        }
        return "start it with the line that begins the file it shows"
    }
}
