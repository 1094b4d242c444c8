import Foundation

/// Where Folio finds its folders.
///
/// Templates are looked up along a search path: the user's folder (given,
/// or `./Templates` when the working folder has one) first, then Folio's own
/// `Templates/` in the source tree this binary was built from. A user's
/// folder therefore needs only the templates it adds or replaces, and the
/// built-in chrome (`page.html`, `layout.html`, ...) is found from any
/// working folder, also when Folio is a dependency of another package.
/// `./Public` is used when the working folder has it, else the source tree's;
/// files are served from it first, then from Folio's own `Public/`.
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
    /// (`demo/folio.json` of the first folder of `templateSearchPath(_:)` that
    /// has one: Folio's own when the user's folder has none.)
    public static func demoConfiguration(templatesDirectory: String) -> String {
        let candidates = templateSearchPath([templatesDirectory]).map { $0 + "/demo/folio.json" }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0) } ?? candidates[0]
    }

    /// The folders templates are looked up in, in order: `userDirectories`,
    /// then `builtInTemplatesDirectory`, each folder once (the same folder
    /// named twice, through a symbolic link or `..`, is searched once). The
    /// built-in folder is left out when it is gone (a binary moved away from
    /// the source tree it was built from).
    public static func templateSearchPath(_ userDirectories: [String]) -> [String] {
        searchPath(userDirectories, builtIn: builtInTemplatesDirectory)
    }

    /// The folders `/public/...` is served from, in order: `userDirectories`,
    /// then `builtInPublicDirectory`, each folder once, as templates are
    /// searched: a user's folder needs only the files it adds or replaces,
    /// and `folio.js`, `folio.css` and the fonts still come from Folio's own.
    public static func publicSearchPath(_ userDirectories: [String]) -> [String] {
        searchPath(userDirectories, builtIn: builtInPublicDirectory)
    }

    private static func searchPath(_ userDirectories: [String], builtIn: String) -> [String] {
        var seen = Set<String>()
        return (userDirectories + [builtIn]).filter { directory in
            guard directory != builtIn || isDirectory(directory) else { return false }
            return seen.insert(
                URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
            ).inserted
        }
    }

    /// Whether `path` is an existing folder.
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    private static func existing(_ name: String) -> String {
        isDirectory(name) ? name : sourceRoot + "/" + name
    }
}
