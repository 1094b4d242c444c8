/// A stretch of text drawn with one font in one script, shaped as a unit.
///
/// Chromium splits text the same way before shaping: by the font each
/// grapheme cluster falls back to, and by script, with neutral characters
/// (spaces, punctuation, combining marks: Unicode's Common and Inherited
/// scripts) joining the run around them.
struct TextRun: Equatable {
    /// Which font of the stack draws the run.
    var fontIndex: Int
    /// The run's script as a HarfBuzz tag, or nil when it holds only
    /// neutral characters.
    var script: UInt32?
    /// The run's Unicode scalar values.
    var scalars: [UInt32]

    /// Splits `text` into runs.
    /// - Parameters:
    ///   - fontIndex: The font that draws a grapheme cluster.
    ///   - script: A scalar's script, or nil for a neutral one.
    static func split(
        _ text: String, fontIndex: (Character) -> Int, script: (Unicode.Scalar) -> UInt32?
    ) -> [TextRun] {
        var runs: [TextRun] = []
        for cluster in text {
            let font = fontIndex(cluster)
            let clusterScript = cluster.unicodeScalars.lazy.compactMap(script).first
            let values = cluster.unicodeScalars.map(\.value)
            if var last = runs.last, last.fontIndex == font,
                last.script == nil || clusterScript == nil || last.script == clusterScript
            {
                last.script = last.script ?? clusterScript
                last.scalars += values
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(fontIndex: font, script: clusterScript, scalars: values))
            }
        }
        return runs
    }
}
