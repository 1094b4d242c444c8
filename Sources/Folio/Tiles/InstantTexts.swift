/// Texts by instant in an open-addressed table looked up with one
/// multiply: a chart reads 720 times per render, and a `Dictionary`'s
/// seeded hash cost more than the rest of each row.
struct InstantTexts: Sendable {
    private var keys: [UInt64]
    private var texts: [String?]
    private let shift: UInt64
    /// How many texts are kept.
    private(set) var count = 0
    /// How many it holds before `isFull`: half its slots.
    let limit: Int

    /// An empty table for up to `limit` texts.
    init(limit: Int) {
        var slots = 16
        while slots < 2 * limit { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        texts = Array(repeating: nil, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
        self.limit = limit
    }

    var isFull: Bool { count >= limit }

    /// The text kept for `seconds`.
    subscript(seconds: Double) -> String? {
        let key = seconds.bitPattern
        var slot = firstSlot(key)
        while let text = texts[slot] {
            if keys[slot] == key { return text }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Keeps `text` for `seconds`; nothing when the table is full or holds it already.
    mutating func insert(_ text: String, for seconds: Double) {
        guard !isFull else { return }
        let key = seconds.bitPattern
        var slot = firstSlot(key)
        while texts[slot] != nil {
            if keys[slot] == key { return }
            slot = (slot + 1) & (keys.count - 1)
        }
        keys[slot] = key
        texts[slot] = text
        count += 1
    }

    /// Fibonacci hashing: the top bits of the key times 2^64 / φ.
    private func firstSlot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
