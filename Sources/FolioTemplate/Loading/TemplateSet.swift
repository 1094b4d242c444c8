import FolioSync
import Foundation

/// The templates of one folder (`Templates/`), by relative path
/// (`pager.html`, `content/posts.html`).
///
/// `metal:use-macro="macros/layout/macros/page"` in any of them finds macro
/// `page` in `layout.html` beside the using file. With `reloadWhenChanged`,
/// a template whose file changed is compiled again on its next use (for
/// development; it costs one `stat` per use).
public final class TemplateSet: Sendable {
    /// The folder.
    public let directory: String
    /// Whether a changed file is compiled again when next asked for.
    public let reloadWhenChanged: Bool
    private let cache = LockedValue<[String: Entry]>([:])

    private struct Entry: Sendable {
        var template: Template
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
    /// - Throws: ``TemplateError`` for a missing folder or the first template
    ///   that does not compile.
    public init(directory: String, reloadWhenChanged: Bool = false, preload: Bool = true)
        throws(TemplateError)
    {
        self.directory = directory
        self.reloadWhenChanged = reloadWhenChanged
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw TemplateError(file: directory, line: 1, column: 1, message: "no such template folder")
        }
        if preload {
            for name in templateNames { _ = try template(named: name) }
        }
    }

    /// Every `.html` file under the folder (hidden ones aside), as relative paths, sorted.
    public var templateNames: [String] {
        let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        // Skip hidden files and folders (editor backups such as `.#page.html`).
        return files.filter { name in
            name.hasSuffix(".html") && !name.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
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
        let path = (directory as NSString).appendingPathComponent(name)
        let modified = reloadWhenChanged ? modificationDate(path) : nil
        if let cached = cache.withLock({ $0[name] }), !reloadWhenChanged || cached.modified == modified {
            return cached.template
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateError(file: path, line: 1, column: 1, message: "cannot read the template file")
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw TemplateError(file: path, line: 1, column: 1, message: "the template is not valid UTF-8")
        }
        let template = try Template(bytes: bytes, name: name, file: path, library: self)
        cache.withLock { $0[name] = Entry(template: template, modified: modified) }
        return template
    }

    /// Compiles every template in the folder and checks that each
    /// `metal:use-macro` names an existing macro (what `folio check` needs).
    /// - Throws: ``TemplateError`` at the first template or reference that fails.
    public func check() throws(TemplateError) {
        for name in templateNames { try template(named: name).checkMacroReferences() }
    }

    /// Renders template `name` with `globals`.
    /// - Throws: ``TemplateError`` from loading or rendering.
    public func render(_ name: String, _ globals: [String: TemplateValue]) throws(TemplateError) -> String {
        try template(named: name).render(globals)
    }

    private func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
