import FolioCore

/// Title widths when no font file can be opened: 0.55 em per Latin
/// character, 1 em per wide one. Only used with a warning.
struct EstimatingMeasurer: TextMeasuring {
    func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? fontSize : fontSize * 0.55) }
    }
}
