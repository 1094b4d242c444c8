import Foundation

/// Where Folio finds its folders when the user names none: `./Templates`
/// and `./Public` when the working folder has them, else the ones of the
/// source tree this binary was built from, so `swift run folio` works from
/// anywhere.
public enum FolioPaths {
    /// The package root, from this file's path at build time.
    static let sourceRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // App, Folio, Sources, then the root
        return url.path
    }()

    /// `./Templates` if it exists, else `<source root>/Templates`.
    public static var defaultTemplatesDirectory: String { existing("Templates") }

    /// `./Public` if it exists, else `<source root>/Public`.
    public static var defaultPublicDirectory: String { existing("Public") }

    /// Folio's own `Templates` folder, in the checkout this library was
    /// built from, whatever the working folder: for a package that depends
    /// on Folio and uses its page templates.
    public static var builtInTemplatesDirectory: String { sourceRoot + "/Templates" }

    /// Folio's own `Public` folder (stylesheet, script, fonts), whatever the working folder.
    public static var builtInPublicDirectory: String { sourceRoot + "/Public" }

    /// The demo dashboard's configuration in Folio's own `Templates` folder,
    /// whatever the working folder.
    public static var demoConfigurationFile: String {
        demoConfiguration(templatesDirectory: builtInTemplatesDirectory)
    }

    /// The demo configuration inside a templates folder.
    public static func demoConfiguration(templatesDirectory: String) -> String {
        templatesDirectory + "/demo/folio.json"
    }

    private static func existing(_ name: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), isDirectory.boolValue {
            return name
        }
        return sourceRoot + "/" + name
    }

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
