/// Everything a ``FontMeasurer`` guards with its mutex: the fonts and the two
/// caches in front of them.
///
/// Widths are cached per text in ems, so one entry serves every font size
/// (a width is ems x size). Scalar advances are cached per code point, also
/// in ems. Each cache holds at most `cacheLimit` entries and is emptied when
/// full, which bounds memory whatever text arrives; a limit of 0 turns both
/// caches off, so every call asks FreeType.
struct MeasuringState {
    private let fonts: FontStack
    private let cacheLimit: Int
    private var textEms: [String: Double] = [:]
    private var scalarEms: [UInt32: Double] = [:]

    init(fonts: FontStack, cacheLimit: Int) {
        self.fonts = fonts
        self.cacheLimit = max(0, cacheLimit)
    }

    /// The width of `text` in ems: the sum of its scalars' advances.
    mutating func ems(of text: String) -> Double {
        if let cached = textEms[text] { return cached }
        var total = 0.0
        for scalar in text.unicodeScalars {
            total += ems(of: scalar)
        }
        Self.remember(total, for: text, in: &textEms, limit: cacheLimit)
        return total
    }

    private mutating func ems(of scalar: Unicode.Scalar) -> Double {
        if let cached = scalarEms[scalar.value] { return cached }
        let advance = fonts.advanceInEms(of: scalar)
        Self.remember(advance, for: scalar.value, in: &scalarEms, limit: cacheLimit)
        return advance
    }

    private static func remember<Key: Hashable>(
        _ value: Double, for key: Key, in cache: inout [Key: Double], limit: Int
    ) {
        guard limit > 0 else { return }
        if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
        cache[key] = value
    }
}
