import FolioCore
import FolioTemplate

/// Markup written as UTF-8 bytes: the chart widgets write thousands of
/// rows and coordinates per render, and a `String` per piece made that
/// most of a render's time. A buffer of its own, grown by doubling, so a
/// piece costs a copy and no more; not copyable, so no two writers share it.
struct MarkupBytes: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The markup written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    /// `piece` as it is.
    private mutating func append(bytes piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        reserve(piece.count)
        (start + count).initialize(from: source, count: piece.count)
        count += piece.count
    }

    /// Writes at most `maximum` bytes in place with `body`, which returns how many it wrote.
    private mutating func write(upTo maximum: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(UnsafeMutableBufferPointer(start: start + count, count: maximum))
    }

    /// One byte.
    private mutating func append(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Markup as it is: only literals of the widget's own.
    mutating func append(_ markup: StaticString) {
        markup.withUTF8Buffer { append(bytes: $0) }
    }

    /// Markup made by the widgets' own helpers (a `<line>`, a marker), as it is.
    mutating func appendMarkup(_ markup: String) {
        var markup = markup
        markup.withUTF8 { append(bytes: $0) }
    }

    /// A coordinate as `ChartMarkup.number` writes it: rounded to
    /// hundredths, trailing zeros dropped; 0 for what is not finite or past
    /// any screen.
    mutating func appendNumber(_ value: Double) {
        let hundredths = (value * 100).rounded()
        guard value.isFinite, hundredths != 0, hundredths.magnitude < 1e15 else {
            append(byte: UInt8(ascii: "0"))
            return
        }
        let magnitude = UInt64(hundredths.magnitude)
        var whole = magnitude / 100
        var wholeDigits = 1
        while whole >= 10 {
            whole /= 10
            wholeDigits += 1
        }
        let fraction = magnitude % 100
        let fractionDigits = fraction == 0 ? 0 : fraction % 10 == 0 ? 1 : 2
        let length = (hundredths < 0 ? 1 : 0) + wholeDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        write(upTo: length) { buffer in
            var index = length
            func put(_ byte: UInt8) {
                index -= 1
                buffer[index] = byte
            }
            if fractionDigits == 2 { put(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            if fractionDigits > 0 {
                put(UInt8(ascii: "0") + UInt8(fraction / 10))
                put(UInt8(ascii: "."))
            }
            var rest = magnitude / 100
            for _ in 0..<wholeDigits {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if hundredths < 0 { put(UInt8(ascii: "-")) }
            return length
        }
    }

    /// SVG path data through `points`, closed with `Z` when asked: a
    /// 720-point line is 1,440 coordinates, written straight into the markup.
    mutating func appendPathData(_ points: [ChartPoint], closed: Bool = false) {
        reserve(points.count * 16 + 1)
        for (index, point) in points.enumerated() {
            append(byte: index == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L"))
            appendNumber(point.x)
            append(byte: UInt8(ascii: " "))
            appendNumber(point.y)
        }
        if closed { append(byte: UInt8(ascii: "Z")) }
    }

    /// `value` as `format` shows it in `context`, escaped like
    /// `appendEscaped`. Fixed and compact numbers are digits, separators
    /// and unit symbols, written in place with nothing to escape.
    mutating func appendFormatted(_ value: Double, _ format: ValueFormat, in context: FormatContext) {
        guard let digits = format.digits(of: value, in: context) else {
            appendEscaped(format.format(.number(value), in: context))
            return
        }
        write(upTo: digits.count) { buffer in
            digits.write(into: buffer)
            return digits.count
        }
    }

    /// `text` safe inside XML text and double-quoted attributes: `&<>"'`
    /// as references, the control characters XML 1.0 forbids (all but tab
    /// and newline) dropped. Every byte looked at is ASCII, so UTF-8
    /// sequences pass through whole.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let first = utf8.firstIndex(where: Self.needsEscape) else {
                append(bytes: utf8)  // Most text: one copy.
                return
            }
            var runStart = 0
            for index in first..<utf8.count where Self.needsEscape(utf8[index]) {
                append(bytes: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch utf8[index] {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case UInt8(ascii: "\""): append("&quot;")
                case UInt8(ascii: "'"): append("&#39;")
                default: break  // a forbidden control character
                }
                runStart = index + 1
            }
            append(bytes: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// The markup as text.
    var text: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    /// The markup for a template, which writes it with `structure` as it is.
    var templateValue: TemplateValue { .markup(TemplateMarkup(bytes: bytes)) }

    /// Whether `text` has nothing `appendEscaped` would change.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { !needsEscape($0) }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        case UInt8(ascii: "\n"), UInt8(ascii: "\t"): return false
        default: return byte < 0x20
        }
    }
}
