import FolioCore

/// Writing helpers shared by the chart widgets' SVG.
enum ChartMarkup {
    /// `text` safe inside XML text and double-quoted attributes
    /// (`MarkupBytes.appendEscaped`); most text needs nothing and is kept.
    static func escaped(_ text: String) -> String {
        if MarkupBytes.isPlain(text) { return text }
        var markup = MarkupBytes(capacity: text.utf8.count + 16)
        markup.appendEscaped(text)
        return markup.text
    }

    /// A coordinate with at most two decimals and never "-0".
    static func number(_ value: Double) -> String {
        var markup = MarkupBytes(capacity: 24)
        markup.appendNumber(value)
        return markup.text
    }

    /// SVG path data through `points`, closed with `Z` when asked. Written
    /// as bytes: a 720-point line is 1,440 coordinates, and a `String` for
    /// each made the path most of a chart's rendering time.
    static func pathData(_ points: [ChartPoint], closed: Bool = false) -> String {
        var markup = MarkupBytes(capacity: points.count * 16 + 1)
        markup.appendPathData(points, closed: closed)
        return markup.text
    }

    /// A `<text>` element for `label`, its baseline placed as the layout measured it.
    static func text(_ label: ChartLabel, className: String, style: ChartStyle, rightToLeft: Bool) -> String {
        var markup = MarkupBytes(capacity: 128)
        markup.appendText(label, className: className, style: style, rightToLeft: rightToLeft)
        return markup.text
    }

    /// A chart's opening: `svgOpening` named by `title` and described by
    /// `summary` (ids `{id}-title` and `{id}-summary`).
    static func titledOpening(
        className: String, width: Double, height: Double, id: String, title: String, summary: String,
        rightToLeft: Bool
    ) -> String {
        svgOpening(
            className: className, width: width, height: height, labelID: "\(id)-title \(id)-summary",
            rightToLeft: rightToLeft)
            + "<title id=\"\(escaped(id))-title\">\(escaped(title))</title>"
            + "<desc id=\"\(escaped(id))-summary\">\(escaped(summary))</desc>"
    }

    /// A `<line>` from (x1, y1) to (x2, y2).
    static func line(x1: Double, y1: Double, x2: Double, y2: Double) -> String {
        var markup = MarkupBytes(capacity: 64)
        markup.appendLine(x1: x1, y1: y1, x2: x2, y2: y2)
        return markup.text
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

extension MarkupBytes {
    /// A `<line>` from (x1, y1) to (x2, y2), with `attributes` (markup) before its end.
    mutating func appendLine(x1: Double, y1: Double, x2: Double, y2: Double, attributes: String = "") {
        append("<line x1=\"")
        appendNumber(x1)
        append("\" y1=\"")
        appendNumber(y1)
        append("\" x2=\"")
        appendNumber(x2)
        append("\" y2=\"")
        appendNumber(y2)
        append("\"")
        appendMarkup(attributes)
        append("/>")
    }

    /// A `<text>` element for `label`, its baseline placed as the layout measured it.
    mutating func appendText(_ label: ChartLabel, className: String, style: ChartStyle, rightToLeft: Bool) {
        append("<text class=\"")
        appendMarkup(className)
        append("\" x=\"")
        appendNumber(label.anchorX)
        append("\" y=\"")
        appendNumber(label.box.y + style.baselineOffset)
        switch (label.anchor, rightToLeft) {
        case (.centre, _): append("\" text-anchor=\"middle\">")
        case (.left, false), (.right, true): append("\" text-anchor=\"start\">")
        case (.right, false), (.left, true): append("\" text-anchor=\"end\">")
        }
        appendEscaped(label.text)
        append("</text>")
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
