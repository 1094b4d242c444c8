import FolioHTTP
import Foundation

extension FolioApp {
    /// What `folio serve` says at start about the public folders: each
    /// symlink that leads out of them (refused with `403`, where it would
    /// otherwise look like a missing file), and each configured stylesheet
    /// that none of them holds.
    static func publicWarnings(_ files: StaticFiles, stylesheets: [String]) -> [String] {
        let links = files.linksLeavingRoots().map {
            "public file \($0) leads out of the public folders (\(files.roots.joined(separator: ", "))):"
                + " it is refused with 403; link to a file inside them, or copy it in"
        }
        let missing = stylesheets.filter { sheet in
            !files.roots.contains { FileManager.default.isReadableFile(atPath: $0 + "/" + sheet) }
        }
        return links
            + missing.map {
                "stylesheet '\($0)' is in none of the public folders (\(files.roots.joined(separator: ", "))):"
                    + " the page links it and gets 404"
            }
    }

    /// The folder whose fonts the page is served (the first public folder
    /// that has them), so titles are measured with the very same files.
    static func fontsFolder(_ publicSearchPath: [String]) -> String? {
        publicSearchPath.first { FileManager.default.fileExists(atPath: $0 + "/fonts/DejaVuSans.ttf") }
            ?? publicSearchPath.first
    }
}
