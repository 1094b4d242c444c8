import Foundation

@testable import FolioTemplate

/// Compiles `source` and renders it with `data`.
func render(_ source: String, _ data: [String: TemplateValue] = [:]) throws -> String {
    try Template(source: source).render(data)
}

/// The load error of `source`, or nil when it compiles.
func loadError(_ source: String, name: String = "t.html") -> TemplateError? {
    do {
        _ = try Template(source: source, name: name)
        return nil
    } catch {
        return error
    }
}

/// The render error of `source` with `data`, or nil when it renders.
func renderError(_ source: String, _ data: [String: TemplateValue] = [:]) -> TemplateError? {
    do {
        _ = try Template(source: source, name: "t.html").render(data)
        return nil
    } catch {
        return error
    }
}

/// A fresh folder holding `files`, for `TemplateSet` tests.
func makeFolder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("folio-template-\(UUID().uuidString)").path
    for (name, text) in files {
        let path = (folder as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return folder
}
