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
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// SVG path data through `points`, closed with `Z` when asked. Written
    /// as bytes: a 720-point line is 1,440 coordinates, and a `String` for
    /// each made the path most of a chart's rendering time.
    static func pathData(_ points: [ChartPoint], closed: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 16 + 1)
        for (index, point) in points.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L"))
            appendNumber(point.x, to: &bytes)
            bytes.append(UInt8(ascii: " "))
            appendNumber(point.y, to: &bytes)
        }
        if closed { bytes.append(UInt8(ascii: "Z")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `number(_:)`'s digits appended to `bytes`: rounded to hundredths,
    /// trailing zeros dropped; 0 for what is not finite or past any screen.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        let hundredths = (value * 100).rounded()
        guard value.isFinite, hundredths != 0, hundredths.magnitude < 1e15 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = Int(hundredths.magnitude)
        appendDigits(of: magnitude / 100, to: &bytes)
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    private static func appendDigits(of whole: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while whole / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
            divisor /= 10
        }
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
        "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\""
            + " y2=\"\(number(y2))\"/>"
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
