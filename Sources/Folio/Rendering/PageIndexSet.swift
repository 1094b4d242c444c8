/// A set of page indices that needs no allocation for a pager's first 64
/// pages: part of a rendering's cache key, made for every view (an array
/// here cost an allocation per view, and hashing it a step per page).
struct PageIndexSet: Hashable, Sendable, Sequence {
    /// Pages 0 to 63, one bit each.
    private var low: UInt64 = 0
    /// Pages from 64 on, ascending and without repeats (so equal sets are
    /// equal arrays); nil while there are none.
    private var high: [Int]?

    init() {}

    /// Adds `index` (not negative).
    mutating func insert(_ index: Int) {
        guard index >= UInt64.bitWidth else {
            low |= 1 << UInt64(index)
            return
        }
        var indices = high ?? []
        high = nil  // so `indices` is changed in place, not copied
        let position = indices.firstIndex { $0 >= index } ?? indices.count
        if position == indices.count || indices[position] != index { indices.insert(index, at: position) }
        high = indices
    }

    func contains(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        if index < UInt64.bitWidth { return low & (1 << UInt64(index)) != 0 }
        return high?.contains(index) ?? false
    }

    var isEmpty: Bool { low == 0 && high == nil }

    /// The indices, ascending.
    func makeIterator() -> Iterator { Iterator(bits: low, high: high) }

    struct Iterator: IteratorProtocol {
        var bits: UInt64
        /// Optional as in the set: an empty array here was a retain per view.
        let high: [Int]?
        var highIndex = 0

        mutating func next() -> Int? {
            if bits != 0 {
                defer { bits &= bits - 1 }
                return bits.trailingZeroBitCount
            }
            guard let high, highIndex < high.count else { return nil }
            defer { highIndex += 1 }
            return high[highIndex]
        }
    }
}
