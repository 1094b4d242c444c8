/// Everything a ``FontMeasurer`` guards with its lock: the fonts and the
/// caches in front of them.
///
/// Widths are cached per text, independent of the size (see
/// ``ShapedWidth``). Summed scalar advances are cached per code point, in
/// ems. Each cache holds at most `cacheLimit` entries and is emptied when
/// full, which bounds memory whatever text arrives; a limit of 0 turns the
/// caches off, so every call asks the font library.
struct MeasuringState {
    /// How texts are measured.
    enum Engine {
        /// Shaped by HarfBuzz, as Chromium draws them.
        case shaping(ShapingStack)
        /// The sum of each scalar's advance, read with FreeType.
        case summing(FontStack)
    }

    private let engine: Engine
    private let cacheLimit: Int
    private var textWidths: [String: ShapedWidth] = [:]
    private var scalarEms: [UInt32: Double] = [:]

    init(engine: Engine, cacheLimit: Int) {
        self.engine = engine
        self.cacheLimit = max(0, cacheLimit)
    }

    /// The width of `text`, shaped or summed as the engine does it.
    mutating func width(of text: String) -> ShapedWidth {
        if let cached = textWidths[text] { return cached }
        let width: ShapedWidth
        switch engine {
        case .shaping(let stack):
            width = stack.width(of: text)
        case .summing(let fonts):
            var total = 0.0
            for scalar in text.unicodeScalars {
                total += ems(of: scalar, fonts)
            }
            width = ShapedWidth(outlineEms: total)
        }
        Self.remember(width, for: text, in: &textWidths, limit: cacheLimit)
        return width
    }

    private mutating func ems(of scalar: Unicode.Scalar, _ fonts: FontStack) -> Double {
        if let cached = scalarEms[scalar.value] { return cached }
        let advance = fonts.advanceInEms(of: scalar)
        Self.remember(advance, for: scalar.value, in: &scalarEms, limit: cacheLimit)
        return advance
    }

    private static func remember<Key: Hashable, Value>(
        _ value: Value, for key: Key, in cache: inout [Key: Value], limit: Int
    ) {
        guard limit > 0 else { return }
        if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
        cache[key] = value
    }
}
