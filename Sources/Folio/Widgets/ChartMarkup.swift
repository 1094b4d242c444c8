import FolioCore

/// Writing helpers shared by the chart widgets' SVG.
enum ChartMarkup {
    /// `text` safe inside XML text and double-quoted attributes.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // XML 1.0 forbids most control characters even as references.
                if character.value < 0x20 && character != "\n" && character != "\t" { continue }
                out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A coordinate with at most two decimals and never "-0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == 0 { return "0" }
        let whole = Int(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(magnitude / 100)" }
        let digits =
            fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(magnitude / 100).\(digits)"
    }

    /// SVG path data through `points`, closed with `Z` when asked.
    static func pathData(_ points: [ChartPoint], closed: Bool = false) -> String {
        var data = ""
        data.reserveCapacity(points.count * 14)
        for (index, point) in points.enumerated() {
            data += index == 0 ? "M" : "L"
            data += number(point.x)
            data += " "
            data += number(point.y)
        }
        if closed { data += "Z" }
        return data
    }

    /// A `<text>` element for `label`, its baseline placed as the layout measured it.
    static func text(_ label: ChartLabel, className: String, style: ChartStyle, rightToLeft: Bool) -> String {
        let anchor: String =
            switch (label.anchor, rightToLeft) {
            case (.centre, _): "middle"
            case (.left, false), (.right, true): "start"
            case (.right, false), (.left, true): "end"
            }
        return "<text class=\"\(className)\" x=\"\(number(label.anchorX))\" y=\""
            + number(label.box.y + style.baselineOffset) + "\" text-anchor=\"\(anchor)\">"
            + escaped(label.text) + "</text>"
    }

    /// The opening `<svg>` of a chart `width` x `height`, named by the element `labelID`.
    static func svgOpening(
        className: String, width: Double, height: Double, labelID: String, rightToLeft: Bool
    )
        -> String
    {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"\(className)\" role=\"img\" aria-labelledby=\""
            + escaped(labelID)
            + "\" viewBox=\"0 0 \(number(width)) \(number(height))\" width=\"\(number(width))\""
            + " height=\"\(number(height))\"" + (rightToLeft ? " direction=\"rtl\"" : "") + ">"
    }
}

/// How series are told apart without colour: a dash pattern and a marker
/// shape each, for print in black and white; colour comes from the
/// `folio-series-N` class so a stylesheet (and dark mode) can restyle it.
enum SeriesStroke {
    static let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 5", "10 4"]

    static func className(_ index: Int) -> String { "folio-series folio-series-\(index % dashes.count)" }

    static func dashAttribute(_ index: Int) -> String {
        let dash = dashes[index % dashes.count]
        return dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
    }

    /// A marker at `point`: circle, square, triangle, diamond … by series.
    static func marker(_ index: Int, at point: ChartPoint, size: Double = 3.5) -> String {
        let x = point.x
        let y = point.y
        let shape: [ChartPoint]
        switch index % 4 {
        case 0:
            return "<circle class=\"\(className(index)) folio-marker\" cx=\"\(ChartMarkup.number(x))\" cy=\""
                + ChartMarkup.number(y) + "\" r=\"\(ChartMarkup.number(size))\" fill=\"currentColor\"/>"
        case 1:
            shape = [
                ChartPoint(x: x - size, y: y - size), ChartPoint(x: x + size, y: y - size),
                ChartPoint(x: x + size, y: y + size), ChartPoint(x: x - size, y: y + size),
            ]
        case 2:
            shape = [
                ChartPoint(x: x, y: y - size), ChartPoint(x: x + size, y: y + size),
                ChartPoint(x: x - size, y: y + size),
            ]
        default:
            shape = [
                ChartPoint(x: x, y: y - size), ChartPoint(x: x + size, y: y), ChartPoint(x: x, y: y + size),
                ChartPoint(x: x - size, y: y),
            ]
        }
        return
            "<path class=\"\(className(index)) folio-marker\" d=\"\(ChartMarkup.pathData(shape, closed: true))\""
            + " fill=\"currentColor\"/>"
    }
}
