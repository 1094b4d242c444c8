/// A point in a chart, in pixels from its top-left corner.
public struct ChartPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle in a chart, in pixels from its top-left corner.
public struct ChartRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether the two share any area; rectangles that only touch do not.
    public func overlaps(_ other: ChartRect) -> Bool {
        x < other.maxX - Self.tolerance && other.x < maxX - Self.tolerance
            && y < other.maxY - Self.tolerance && other.y < maxY - Self.tolerance
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: ChartRect) -> Bool {
        other.x >= x - Self.tolerance && other.maxX <= maxX + Self.tolerance
            && other.y >= y - Self.tolerance && other.maxY <= maxY + Self.tolerance
    }

    /// The rectangle grown by `amount` on every side.
    public func outset(by amount: Double) -> ChartRect {
        ChartRect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// Rounding in the last bits of a sum is not an overlap.
    private static let tolerance = 1e-6
}

/// Which physical edge of a label its anchor point is on.
public enum LabelAnchor: Sendable, Equatable {
    case left
    case centre
    case right
}

/// One line of text placed in a chart: its box, as measured, and the point
/// it is drawn from.
public struct ChartLabel: Sendable, Equatable {
    /// The text as shown, shortened with an ellipsis when it had to be.
    public var text: String
    /// The box the text fills: measured width, one line high.
    public var box: ChartRect
    /// Which edge of the box the anchor point sits on.
    public var anchor: LabelAnchor

    public init(text: String, box: ChartRect, anchor: LabelAnchor) {
        self.text = text
        self.box = box
        self.anchor = anchor
    }

    /// The x the text is drawn from (SVG `x` with the matching `text-anchor`).
    public var anchorX: Double {
        switch anchor {
        case .left: box.x
        case .centre: box.midX
        case .right: box.maxX
        }
    }
}
