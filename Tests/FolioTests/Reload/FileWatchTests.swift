import Foundation
import Testing

@testable import Folio

/// What counts as a change worth a reload: the configuration file in its
/// folder (not the state database beside it), any template or public file
/// but an editor's scratch file, and never a data file.
@Suite struct FileWatchTests {
    @Test func onlyTheNamedFileCountsInTheConfigurationsFolder() throws {
        let folder = try TemporaryFolder()
        let watch = try FileWatch()
        watch.watch(folder.path, names: .only(["folio.json"]))
        try folder.write("folio-state.sqlite-wal", "x")
        #expect(!watch.drainCountingChanges())
        try folder.write("folio.json", "{}")
        #expect(watch.drainCountingChanges())
        #expect(!watch.drainCountingChanges(), "each change counts once")
    }

    @Test func anyFileCountsInATemplatesFolderButScratchAndDataFiles() throws {
        let folder = try TemporaryFolder()
        let watch = try FileWatch()
        watch.ignoredFiles = [folder.path + "/alerts.json"]
        watch.watch(folder.path, names: .any)
        try folder.write(".page.html.swp", "x")
        try folder.write("page.html~", "x")
        try folder.write("alerts.json", "{}")
        #expect(!watch.drainCountingChanges())
        try FileManager.default.moveItem(
            atPath: folder.path + "/page.html~", toPath: folder.path + "/page.html")
        #expect(watch.drainCountingChanges(), "a file renamed into place")
    }
}
