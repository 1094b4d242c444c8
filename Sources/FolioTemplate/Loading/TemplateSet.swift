import FolioSync
import Foundation

/// The templates of one folder (`Templates/`), or of a search path of
/// folders, by relative path (`pager.html`, `content/posts.html`).
///
/// With several folders, a name is looked up in each in turn and the first
/// folder holding the file wins, so a user's folder can replace one template
/// of a built-in set and keep the rest.
///
/// `metal:use-macro="macros/layout/macros/page"` in any of them finds macro
/// `page` in `layout.html` beside the using file, else at the top of the set
/// (searched the same way). With `reloadWhenChanged`,
/// a template whose file changed is compiled again on its next use (for
/// development; it costs one `stat` per use).
public final class TemplateSet: Sendable {
    /// The first folder of the search path.
    public let directory: String
    /// The folders searched, in order; the first holding a name wins.
    public let searchPath: [String]
    /// Whether a changed file is compiled again when next asked for.
    public let reloadWhenChanged: Bool
    /// What compiles its templates' `format:` and `level:` specs; `nil` rejects them.
    public let formatting: (any TemplateFormatting)?
    private let cache = LockedValue<[String: Entry]>([:])
    /// Names no folder held when asked (unless `reloadWhenChanged`), so a
    /// macro's fallback to the top of the set costs no `stat` per render.
    private let absent = LockedValue<Set<String>>([])

    private struct Entry: Sendable {
        var template: Template
        var path: String
        var modified: Date?
    }

    /// Opens a template folder.
    ///
    /// - Parameters:
    ///   - directory: the folder.
    ///   - reloadWhenChanged: compile a template again when its file's
    ///     modification time changed. Default false.
    ///   - preload: compile every `.html` file under the folder now, so a
    ///     broken template fails here rather than at its first request.
    ///     Default true.
    ///   - formatting: compiles `format:` and `level:` specs; `nil`
    ///     (default) makes them load errors.
    /// - Throws: ``TemplateError`` for a missing folder or the first template
    ///   that does not compile.
    public convenience init(
        directory: String, reloadWhenChanged: Bool = false, preload: Bool = true,
        formatting: (any TemplateFormatting)? = nil
    ) throws(TemplateError) {
        try self.init(
            searchPath: [directory], reloadWhenChanged: reloadWhenChanged, preload: preload,
            formatting: formatting)
    }

    /// Opens a search path of template folders.
    ///
    /// - Parameters:
    ///   - searchPath: the folders, most preferred first; never empty.
    ///   - reloadWhenChanged: as for ``init(directory:reloadWhenChanged:preload:)``.
    ///   - preload: compile every `.html` file the search path finds now.
    ///     Default true.
    ///   - formatting: as for ``init(directory:reloadWhenChanged:preload:formatting:)``.
    /// - Throws: ``TemplateError`` for an empty path, a folder that does not
    ///   exist, or the first template that does not compile.
    public init(
        searchPath: [String], reloadWhenChanged: Bool = false, preload: Bool = true,
        formatting: (any TemplateFormatting)? = nil
    ) throws(TemplateError) {
        guard let first = searchPath.first else {
            throw TemplateError(file: "", line: 1, column: 1, message: "no template folder given")
        }
        self.directory = first
        self.searchPath = searchPath
        self.reloadWhenChanged = reloadWhenChanged
        self.formatting = formatting
        for directory in searchPath {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder),
                isFolder.boolValue
            else {
                throw TemplateError(file: directory, line: 1, column: 1, message: "no such template folder")
            }
        }
        if preload {
            for name in templateNames { _ = try template(named: name) }
        }
    }

    /// Every `.html` file under the search path's folders (hidden ones
    /// aside), as relative paths, sorted, each name once.
    public var templateNames: [String] {
        var names = Set<String>()
        for directory in searchPath {
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
            // Skip hidden files and folders (editor backups such as `.#page.html`).
            names.formUnion(
                files.filter { name in
                    name.hasSuffix(".html") && !name.split(separator: "/").contains { $0.hasPrefix(".") }
                })
        }
        return names.sorted()
    }

    /// The file `name` stands for: in the first folder of the search path
    /// that holds it; `nil` when none does.
    public func path(of name: String) -> String? {
        for directory in searchPath {
            let path = (directory as NSString).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                return path
            }
        }
        return nil
    }

    /// Whether some folder of the search path holds `name`.
    func holds(_ name: String) -> Bool {
        if !reloadWhenChanged {
            if cache.withLock({ $0[name] != nil }) { return true }
            if absent.withLock({ $0.contains(name) }) { return false }
        }
        let found = path(of: name) != nil
        if !found && !reloadWhenChanged { absent.withLock { _ = $0.insert(name) } }
        return found
    }

    /// The compiled template `name` (a path relative to the folder).
    /// - Throws: ``TemplateError`` when the file is missing, outside the
    ///   folder, or does not compile.
    public func template(named name: String) throws(TemplateError) -> Template {
        // The cache holds only names that passed the checks below: a hit needs none.
        if !reloadWhenChanged, let cached = cache.withLock({ $0[name]?.template }) {
            return cached
        }
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw TemplateError(
                file: name, line: 1, column: 1,
                message: "template names are relative paths inside \(directory)")
        }
        guard let path = path(of: name) else {
            let searched = searchPath.map { ($0 as NSString).appendingPathComponent(name) }
            throw TemplateError(
                file: name, line: 1, column: 1,
                message: "not found; searched \(searched.joined(separator: ", "))")
        }
        let modified = reloadWhenChanged ? modificationDate(path) : nil
        if let cached = cache.withLock({ $0[name] }),
            !reloadWhenChanged || (cached.path == path && cached.modified == modified)
        {
            return cached.template
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateError(file: path, line: 1, column: 1, message: "cannot read the template file")
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw TemplateError(file: path, line: 1, column: 1, message: "the template is not valid UTF-8")
        }
        let template = try Template(
            bytes: bytes, name: name, file: path, library: self, formatting: formatting)
        cache.withLock { $0[name] = Entry(template: template, path: path, modified: modified) }
        return template
    }

    /// Compiles every template in the folder and checks that each
    /// `metal:use-macro` names an existing macro (what `folio check` needs).
    /// - Throws: ``TemplateError`` at the first template or reference that fails.
    public func check() throws(TemplateError) {
        for name in templateNames { try template(named: name).checkMacroReferences() }
    }

    /// Renders template `name` with `globals`; `outputLimit` and
    /// `formatEnvironment` are as for `Template.render(_:outputLimit:formatEnvironment:)`.
    /// - Throws: ``TemplateError`` from loading or rendering.
    public func render(
        _ name: String, _ globals: [String: TemplateValue], outputLimit: Int = .max,
        formatEnvironment: TemplateFormatEnvironment? = nil
    ) throws(TemplateError) -> String {
        try template(named: name).render(
            globals, outputLimit: outputLimit, formatEnvironment: formatEnvironment)
    }

    private func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
