/// Measures label text and places it as ``ChartLabel`` boxes one line high.
struct LabelMaker {
    var measurer: any TextMeasuring
    var style: ChartStyle

    func width(of text: String) -> Double { measurer.width(of: text, fontSize: style.fontSize) }

    /// A label whose box has its `anchor` edge at `anchorX` and its top at `top`.
    func label(_ text: String, anchorX: Double, anchor: LabelAnchor, top: Double, width known: Double? = nil)
        -> ChartLabel
    {
        let width = known ?? width(of: text)
        let left: Double =
            switch anchor {
            case .left: anchorX
            case .centre: anchorX - width / 2
            case .right: anchorX - width
            }
        return ChartLabel(
            text: text, box: ChartRect(x: left, y: top, width: width, height: style.lineHeight),
            anchor: anchor)
    }

    /// `text`, or its longest prefix followed by "…" that is at most
    /// `maximum` wide; empty when not even the ellipsis fits.
    func fitted(_ text: String, maximum: Double) -> (text: String, width: Double) {
        let full = width(of: text)
        if full <= maximum { return (text, full) }
        let characters = Array(text)
        var low = 0
        var high = characters.count - 1
        var best: (text: String, width: Double) = ("", 0)
        // Binary search on the prefix length: widths grow with it.
        while low <= high {
            let middle = (low + high) / 2
            let candidate = String(characters[..<middle]) + "…"
            let candidateWidth = width(of: candidate)
            if candidateWidth <= maximum {
                best = (candidate, candidateWidth)
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }
}

extension ChartLabel {
    /// The label moved sideways by the least amount that keeps it between `left` and `right`.
    func keptWithin(left: Double, right: Double) -> ChartLabel {
        var moved = self
        if moved.box.maxX > right { moved.box.x = right - moved.box.width }
        if moved.box.x < left { moved.box.x = left }
        return moved
    }

    /// The label moved up or down by the least amount that keeps it between `top` and `bottom`.
    func keptWithin(top: Double, bottom: Double) -> ChartLabel {
        var moved = self
        if moved.box.maxY > bottom { moved.box.y = bottom - moved.box.height }
        if moved.box.y < top { moved.box.y = top }
        return moved
    }
}

/// The indices of every `stride`-th label, for the smallest stride at which
/// no two kept labels come closer than `gap`: thinning an axis evenly.
func thinnedIndices(_ labels: [ChartLabel], gap: Double) -> [Int] {
    guard !labels.isEmpty else { return [] }
    for stride in 1...labels.count {
        let kept = Swift.stride(from: 0, to: labels.count, by: stride).map { $0 }
        let clear = zip(kept, kept.dropFirst()).allSatisfy { first, second in
            !labels[first].box.outset(by: gap / 2).overlaps(labels[second].box.outset(by: gap / 2))
        }
        if clear { return kept }
    }
    return [0]
}
