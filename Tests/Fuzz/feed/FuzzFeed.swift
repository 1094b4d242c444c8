// libFuzzer entry for FolioTemplate's JSON reader (`TemplateValue(json:)`),
// built by `scripts/fuzz feed` together with Sources/FolioTemplate. This
// reader takes the one input that comes from outside the machine: page data
// fetched from a `url` (and data files). Besides "never crash, leak or hang",
// it checks that what parses writes back (`jsonText`) to text that parses to
// the same value, and that rendering the value as text works.
import Foundation

/// Markup that renders a value the way page data reaches HTML. Compiled
/// per input, not kept in a global: LeakSanitizer cannot follow pointers that
/// Swift packs into enum payloads (the compiled nodes), so a global template
/// shows up as a leak at exit.
let feedMarkup = #"<p tal:repeat="item items"><b tal:content="item">x</b></p><i tal:content="data">d</i>"#

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let value: TemplateValue
    do {
        value = try TemplateValue(json: bytes, file: "feed.json")
    } catch {
        precondition(error.line >= 1 && error.column >= 1, "error without a place: \(error)")
        return 0
    }
    let text = value.jsonText
    let again: TemplateValue
    do {
        again = try TemplateValue(json: Data(text.utf8))
    } catch {
        preconditionFailure("jsonText does not read back: \(text): \(error)")
    }
    precondition(again == value, "jsonText changed the value: \(text)")
    var items: [TemplateValue] = []
    if case .array(let array) = value { items = array }
    if case .object(let object) = value { items = object.values }
    do {
        _ = try Template(source: feedMarkup).render(["items": .array(items), "data": value])
    } catch {
        // A value that cannot be shown as text is an error, never a crash.
    }
    return 0
}
