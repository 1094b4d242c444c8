/// A set of page indices that needs no allocation for a pager's first 64
/// pages: part of a rendering's cache key, made for every view (an array
/// here cost an allocation per view, and hashing it a step per page).
struct PageIndexSet: Hashable, Sendable {
    /// Pages 0 to 63, one bit each.
    private var low: UInt64 = 0
    /// Pages from 64 on, ascending; nil while there are none.
    private var high: [Int]?

    init() {}

    /// Adds `index` (not negative).
    mutating func insert(_ index: Int) {
        if index < UInt64.bitWidth {
            low |= 1 << UInt64(index)
        } else if var indices = high {
            // Kept sorted and without repeats, so equal sets are equal arrays.
            let position = indices.firstIndex { $0 >= index } ?? indices.count
            guard position == indices.count || indices[position] != index else { return }
            indices.insert(index, at: position)
            high = indices
        } else {
            high = [index]
        }
    }

    func contains(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        if index < UInt64.bitWidth { return low & (1 << UInt64(index)) != 0 }
        return high?.contains(index) ?? false
    }

    var isEmpty: Bool { low == 0 && (high?.isEmpty ?? true) }

    /// Calls `body` with each index, ascending.
    func forEach(_ body: (Int) -> Void) {
        var bits = low
        while bits != 0 {
            body(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        high?.forEach(body)
    }

    /// Whether any index satisfies `predicate`.
    func contains(where predicate: (Int) -> Bool) -> Bool {
        var bits = low
        while bits != 0 {
            if predicate(bits.trailingZeroBitCount) { return true }
            bits &= bits - 1
        }
        return high?.contains(where: predicate) ?? false
    }
}
