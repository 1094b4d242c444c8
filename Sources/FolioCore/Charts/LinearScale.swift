/// Maps a domain of values linearly to a range of pixels: a pure value,
/// as d3-scale's `scaleLinear`.
///
/// Either end may be the larger (a value axis runs bottom to top, a
/// right-to-left time axis right to left). A zero-width domain maps every
/// value to the middle of the range.
public struct LinearScale: Sendable, Equatable {
    /// The domain's first value, mapped to ``rangeStart``.
    public var domainStart: Double
    /// The domain's last value, mapped to ``rangeEnd``.
    public var domainEnd: Double
    /// The pixel the first domain value lands on.
    public var rangeStart: Double
    /// The pixel the last domain value lands on.
    public var rangeEnd: Double
    /// Whether values outside the domain are held at its ends.
    public var clamps: Bool

    /// Creates a scale from `domain` to `range`.
    public init(domain: (Double, Double), range: (Double, Double), clamps: Bool = false) {
        (domainStart, domainEnd) = domain
        (rangeStart, rangeEnd) = range
        self.clamps = clamps
    }

    /// The pixel for `value`; NaN for NaN.
    public func position(of value: Double) -> Double {
        let span = domainEnd - domainStart
        guard span != 0 else { return (rangeStart + rangeEnd) / 2 }
        var fraction = (value - domainStart) / span
        if clamps { fraction = min(1, max(0, fraction)) }
        return rangeStart + fraction * (rangeEnd - rangeStart)
    }

    /// The value at `pixel`, the inverse of ``position(of:)``.
    public func value(at pixel: Double) -> Double {
        let span = rangeEnd - rangeStart
        guard span != 0 else { return (domainStart + domainEnd) / 2 }
        var fraction = (pixel - rangeStart) / span
        if clamps { fraction = min(1, max(0, fraction)) }
        return domainStart + fraction * (domainEnd - domainStart)
    }

    /// About `count` round values inside the domain, in its order.
    public func ticks(count: Int = 10) -> [Double] {
        niceTicks(from: domainStart, to: domainEnd, count: count)
    }

    /// The scale with its domain widened outward to round values, so the
    /// first and last ticks sit on the domain's ends (d3's `nice`).
    public func niced(count: Int = 10) -> LinearScale {
        guard domainStart.isFinite, domainEnd.isFinite, count > 0 else { return self }
        let reversed = domainEnd < domainStart
        var low = min(domainStart, domainEnd)
        var high = max(domainStart, domainEnd)
        var previous: TickSpacing?
        // Widening can change the spacing once more; d3 stops after ten rounds too.
        for _ in 0..<10 {
            guard let spacing = TickSpacing.about(count, from: low, to: high), spacing != previous else {
                break
            }
            low = spacing.value(at: spacing.index(atOrBefore: low))
            high = spacing.value(at: spacing.index(atOrAfter: high))
            previous = spacing
        }
        var niced = self
        (niced.domainStart, niced.domainEnd) = reversed ? (high, low) : (low, high)
        return niced
    }
}

/// The smallest and largest finite values of `values`; nil when there are none.
public func finiteExtent(of values: some Sequence<Double>) -> (minimum: Double, maximum: Double)? {
    var extent: (minimum: Double, maximum: Double)?
    for value in values where value.isFinite {
        if let current = extent {
            extent = (min(current.minimum, value), max(current.maximum, value))
        } else {
            extent = (value, value)
        }
    }
    return extent
}
