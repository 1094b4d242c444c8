/// Numbers that look random but are a pure function of their seed, so a
/// simulated source gives the same data for the same clock (SplitMix64).
struct SimulatedNoise {
    private let seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    /// A fraction in 0..<1 for `key` (a minute, a step, a service index).
    func fraction(_ key: Int, _ stream: UInt64 = 0) -> Double {
        var z =
            seed &+ UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15 &+ stream &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// A number in `range` for `key`.
    func value(_ key: Int, _ stream: UInt64, in range: ClosedRange<Double>) -> Double {
        range.lowerBound + fraction(key, stream) * (range.upperBound - range.lowerBound)
    }
}
