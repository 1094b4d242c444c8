extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `start`: a feed's header
    /// end, a tile grid's opening tag.
    func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, count >= needle.count, start >= 0 else { return nil }
        var index = start
        while index <= count - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
