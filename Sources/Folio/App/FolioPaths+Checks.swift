import Foundation

// Apart from FolioPaths.swift, which configuration loading (and its fuzzer)
// uses without the app's startup errors.
extension FolioPaths {
    /// Fails unless `path` is a folder this process can read.
    /// - Throws: `FolioStartupError` naming the folder and what is wrong.
    public static func checkReadableDirectory(_ path: String, role: String) throws(FolioStartupError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FolioStartupError("\(role) folder \(path) does not exist")
        }
        guard isDirectory.boolValue else { throw FolioStartupError("\(role) folder \(path) is not a folder") }
        guard FileManager.default.isReadableFile(atPath: path),
            (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
        else { throw FolioStartupError("\(role) folder \(path) cannot be read") }
    }
}
