import CLibXML2
import FolioCore
import FolioText
import Foundation
import Testing

/// The chart widgets' suites, grouped so `swift test --filter Widgets` runs them all.
@Suite enum Widgets {
    static let publicDirectory =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/Public"

    /// The fonts the server measures with, as the app opens them.
    static let measurer: FontMeasurer? = try? FontMeasurer.standard(publicDirectory: publicDirectory)
}

/// One `<text>` of parsed markup: where it is drawn and what it says.
struct DrawnText: Equatable {
    var x: String
    var y: String
    var anchor: String
    var text: String
}

/// Markup parsed as strict XML by libxml2: nil when it is not well-formed.
final class StrictXML {
    let document: xmlDocPtr

    init?(_ markup: String) {
        xmlInitParser()
        let bytes = Array(markup.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlReadMemory(
                    chars.baseAddress, Int32(chars.count), nil, "UTF-8",
                    Int32(
                        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOWARNING.rawValue))
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// Every element named `name`, in document order.
    func elements(_ name: String) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        func walk(_ node: xmlNodePtr?) {
            var current = node
            while let element = current {
                if element.pointee.type == XML_ELEMENT_NODE, String(cString: element.pointee.name) == name {
                    found.append(element)
                }
                walk(element.pointee.children)
                current = element.pointee.next
            }
        }
        walk(xmlDocGetRootElement(document))
        return found
    }

    static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var property = node.pointee.properties
        while let attribute = property {
            if String(cString: attribute.pointee.name) == name {
                return attribute.pointee.children.map { text(of: $0) } ?? ""
            }
            property = attribute.pointee.next
        }
        return nil
    }

    /// The text of `node` and everything under it (libxml2 has resolved the entities).
    static func text(of node: xmlNodePtr) -> String {
        if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
            return String(cString: content)
        }
        var words = ""
        var child = node.pointee.children
        while let current = child {
            words += text(of: current)
            child = current.pointee.next
        }
        return words
    }

    /// Every `<text>` element's position and words.
    var drawnTexts: [DrawnText] {
        elements("text").map { node in
            DrawnText(
                x: Self.attribute("x", of: node) ?? "", y: Self.attribute("y", of: node) ?? "",
                anchor: Self.attribute("text-anchor", of: node) ?? "", text: Self.text(of: node))
        }
    }
}

/// Fails unless every label lies inside `bounds` and no two overlap.
func expectLabelsClear(
    _ labels: [ChartLabel], in bounds: ChartRect, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for label in labels where !bounds.contains(label.box) {
        Issue.record("\(context): \(label.text) leaves the chart", sourceLocation: sourceLocation)
    }
    for (index, label) in labels.enumerated() {
        for other in labels[(index + 1)...] where label.box.overlaps(other.box) {
            Issue.record("\(context): \(label.text) overlaps \(other.text)", sourceLocation: sourceLocation)
        }
    }
}
