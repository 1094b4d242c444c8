/// A horizontal length in the title bar: `fraction * barWidth + pixels`.
///
/// The `equal` layout places tabs at fractions of a bar whose width only the
/// browser knows, so lengths stay symbolic and render as CSS `calc()`;
/// `fixed` and `fit` lengths have `fraction == 0`.
public struct BarLength: Sendable, Codable, Equatable {
    /// The part proportional to the bar's width (0.2 = 20%).
    public var fraction: Double
    /// The absolute part, in CSS px.
    public var pixels: Double

    /// Creates a length. Both parts default to 0.
    public init(fraction: Double = 0, pixels: Double = 0) {
        self.fraction = fraction
        self.pixels = pixels
    }

    /// An absolute length in CSS px.
    public static func px(_ pixels: Double) -> BarLength { BarLength(pixels: pixels) }

    /// The zero length.
    public static let zero = BarLength()

    /// The length in CSS px for a bar `barWidth` px wide.
    public func resolved(barWidth: Double) -> Double { fraction * barWidth + pixels }

    /// The sum of two lengths, part by part.
    public static func + (lhs: BarLength, rhs: BarLength) -> BarLength {
        BarLength(fraction: lhs.fraction + rhs.fraction, pixels: lhs.pixels + rhs.pixels)
    }

    /// The difference of two lengths, part by part.
    public static func - (lhs: BarLength, rhs: BarLength) -> BarLength {
        BarLength(fraction: lhs.fraction - rhs.fraction, pixels: lhs.pixels - rhs.pixels)
    }

    /// The length scaled by `factor`.
    public static func * (lhs: BarLength, factor: Double) -> BarLength {
        BarLength(fraction: lhs.fraction * factor, pixels: lhs.pixels * factor)
    }
}
