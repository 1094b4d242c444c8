import Foundation
import Synchronization

/// A compiled template: parsed and checked once, then rendered any number of
/// times, from any number of tasks at once.
///
/// Compiling turns markup without statements into ready-made bytes and
/// every TAL/METAL statement into a small program, so rendering copies
/// bytes and evaluates expressions; it never re-parses.
public final class Template: Sendable {
    let origin: TemplateOrigin
    let nodes: [RenderNode]
    let macros: [String: ElementProgram]
    let macroUses: [ElementProgram]
    /// Whether its output changes with the render's now alone: one of its
    /// own expressions (not a macro's from another file) is a relative
    /// time. A cache of its renderings should renew them.
    public let dependsOnNow: Bool
    /// The set that resolves `macros/NAME/...` to other files. Weak, so the
    /// set's cache and its templates do not keep each other alive: keep the
    /// set while its templates render macros from other files.
    private weak let library: TemplateSet?
    /// The last output size, to reserve the buffer in one go.
    private let sizeHint = Atomic<Int>(0)

    /// Compiles template text.
    ///
    /// - Parameters:
    ///   - source: the markup.
    ///   - name: the template's name: errors show it, and its own macros are
    ///     `macros/NAME-WITHOUT-.html/macros/M`. Default `template.html`.
    ///   - formatting: What compiles `format:` and `level:` specs; `nil`
    ///     (default) makes those expressions a load error.
    /// - Throws: ``TemplateError`` at the first problem (markup not well
    ///   formed, unknown statement, bad expression, a spec `formatting`
    ///   rejects, ...).
    public convenience init(
        source: String, name: String = "template.html", formatting: (any TemplateFormatting)? = nil
    ) throws(TemplateError) {
        try self.init(bytes: Array(source.utf8), name: name, file: name, library: nil, formatting: formatting)
    }

    init(
        bytes: [UInt8], name: String, file: String, library: TemplateSet?,
        formatting: (any TemplateFormatting)?
    ) throws(TemplateError) {
        let origin = TemplateOrigin(name: name, file: file)
        var parser = TemplateParser(bytes: bytes, file: file)
        let parsed = try parser.parse()
        var compiler = TemplateCompiler(origin: origin, source: bytes, formatting: formatting)
        nodes = try compiler.compile(parsed)
        macros = compiler.macros
        macroUses = compiler.macroUses
        dependsOnNow = compiler.nowUse.found
        self.origin = origin
        self.library = library
    }

    /// The template's name in its set (or the name it was compiled with).
    public var name: String { origin.name }

    /// The names of the macros this template defines.
    public var macroNames: [String] { macros.keys.sorted() }

    /// Renders with `globals` as the top-level variables.
    /// - Throws: ``TemplateError`` naming the file, line and column of the
    ///   statement that failed, the statement, and the path it could not follow.
    /// - Parameters:
    ///   - outputLimit: The most bytes the rendering may take; past it
    ///     rendering stops (at the next repeated item or the end) and throws
    ///     an error whose `isOutputLimit` is true. Default: no limit.
    ///   - formatEnvironment: The language and now of `format:` and
    ///     `level:`; `nil` (default) is English and the wall clock's now.
    public func render(
        _ globals: [String: TemplateValue], outputLimit: Int = .max,
        formatEnvironment: TemplateFormatEnvironment? = nil
    ) throws(TemplateError) -> String {
        var output: [UInt8] = []
        try render(globals, into: &output, outputLimit: outputLimit, formatEnvironment: formatEnvironment)
        return String(decoding: output, as: UTF8.self)
    }

    /// Renders, appending UTF-8 bytes to `output` (the server's path: no
    /// intermediate `String`). On error `output` keeps what it had before.
    /// `outputLimit` and `formatEnvironment` are as for
    /// `render(_:outputLimit:formatEnvironment:)`.
    public func render(
        _ globals: [String: TemplateValue], into output: inout [UInt8], outputLimit: Int = .max,
        formatEnvironment: TemplateFormatEnvironment? = nil
    ) throws(TemplateError) {
        let start = output.count
        output.reserveCapacity(start + min(sizeHint.load(ordering: .relaxed), outputLimit))
        let limit = outputLimit > Int.max - start ? Int.max : start + outputLimit
        let environment = formatEnvironment ?? TemplateFormatEnvironment(now: Date().timeIntervalSince1970)
        var context = RenderContext(
            template: self, globals: globals, output: output, outputLimit: limit,
            formatEnvironment: environment)
        output = []
        do throws(TemplateError) {
            try context.render(nodes)
            if context.out.count > limit {
                throw TemplateError(
                    file: origin.file, line: 1, column: 1,
                    message: "the output passed its limit of \(outputLimit) bytes", isOutputLimit: true)
            }
        } catch {
            output = context.out
            output.removeSubrange(start...)
            throw error
        }
        output = context.out
        sizeHint.store(output.count - start, ordering: .relaxed)
    }

    /// Checks that every `metal:use-macro` in this template names a macro
    /// that exists (loading other files through its set).
    /// - Throws: ``TemplateError`` at the first `metal:use-macro` that does not.
    public func checkMacroReferences() throws(TemplateError) {
        for element in macroUses {
            if let reference = element.useMacro { _ = try macro(reference, usedFrom: element) }
        }
    }

    /// Finds `macros/FILE/macros/NAME` for a `metal:use-macro` on `element`
    /// (the compiler made FILE relative to the set's folder).
    func macro(_ reference: MacroReference, usedFrom element: ElementProgram) throws(TemplateError)
        -> ElementProgram
    {
        var name = reference.file
        // The using template's folder first, then the top of the set.
        if let topLevel = reference.topLevelFile, let library, !library.holds(name), library.holds(topLevel) {
            name = topLevel
        }
        let target: Template
        if name == origin.name {
            target = self
        } else if let library {
            do {
                target = try library.template(named: name)
            } catch {
                throw RenderContext.failure(
                    element, "metal:use-macro", "cannot load \(name): \(error)")
            }
        } else {
            throw RenderContext.failure(
                element, "metal:use-macro",
                "\(name) is another file, and this template was not loaded from a TemplateSet")
        }
        guard let macro = target.macros[reference.macro] else {
            let known = target.macroNames.joined(separator: ", ")
            throw RenderContext.failure(
                element, "metal:use-macro",
                "\(name) defines no macro '\(reference.macro)' (it defines: \(known.isEmpty ? "none" : known))"
            )
        }
        return macro
    }
}
