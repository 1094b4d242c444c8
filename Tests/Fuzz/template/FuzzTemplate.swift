// libFuzzer entry for FolioTemplate: compiles arbitrary bytes as a template
// and renders it with a small fixed data set. Built by `scripts/fuzz template`
// together with Sources/FolioTemplate (libxml2 through the CLibXML2 shim).
//
// Besides "never crash, leak or hang", it checks:
// - compiling fails only with a `TemplateError` that names a line and column
//   inside the source;
// - rendering is deterministic (a compiled template is shared by requests);
// - escaping: the data holds `<q7` markers; unless the template itself says
//   `structure` (or spells the marker, or uses a character reference that
//   could), no marker comes out unescaped.

/// Data every input is rendered with: strings that need escaping, nesting,
/// every JSON kind. Arrays are short so nested `tal:repeat`s stay cheap.
let fuzzGlobals: [String: TemplateValue] = [
    "title": .string("<q7 title=\"x\" & 'y'>"),
    "html": .string("<q7>bold</q7>"),
    "flag": .bool(true),
    "off": .bool(false),
    "none": .null,
    "num": .number(3.5),
    "items": .array([
        .object(TemplateObject([("name", .string("a<q7")), ("n", .number(1))])),
        .object(TemplateObject([("name", .string("b\"q7")), ("n", .number(2))])),
    ]),
    "page": .object(TemplateObject([("key", .string("video")), ("title", .string("视频<q7"))])),
]

/// Whether `haystack` contains `needle` (bytes).
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
        if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
}

/// Renders with the fixed data; the error's text, or nil on success.
func renderError(_ template: Template, into output: inout [UInt8]) -> String? {
    do {
        try template.render(fuzzGlobals, into: &output)
        return nil
    } catch {
        return "\(error)"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let template: Template
    do {
        template = try Template(
            bytes: bytes, name: "fuzz.html", file: "fuzz.html", library: nil, formatting: nil)
    } catch {
        precondition(error.line >= 0 && error.column >= 0, "error without a place: \(error)")
        _ = error.description
        return 0
    }
    _ = template.macroNames
    _ = try? template.checkMacroReferences()
    var first: [UInt8] = []
    var second: [UInt8] = []
    let firstError = renderError(template, into: &first)
    let secondError = renderError(template, into: &second)
    precondition(first == second && firstError == secondError, "two renders differ")
    if firstError == nil, !contains(bytes, "structure"), !contains(bytes, "q7"), !contains(bytes, "&#") {
        precondition(!contains(first, "<q7"), "data came out unescaped")
    }
    return 0
}
