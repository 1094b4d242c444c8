/// A number's text ready to be written: `whole / 10^fractionDigits` with
/// `shownDigits` of its `fractionDigits` (the rest are zeros), then
/// `suffix`, for a writer that has its own buffer (a page's markup).
public struct NumberDigits: Sendable {
    let negative: Bool
    let integer: UInt64
    let fraction: UInt64
    let integerDigits: Int
    let shownDigits: Int
    let grouping: Bool
    let suffix: String
    /// How many UTF-8 bytes the text takes.
    public let count: Int

    init(
        negative: Bool, whole: UInt64, fractionDigits: Int, shownDigits: Int, grouping: Bool,
        suffix: String
    ) {
        let powers = FastNumberText.wholePowers
        self.negative = negative
        integer = whole / powers[fractionDigits]
        fraction = (whole % powers[fractionDigits]) / powers[fractionDigits - shownDigits]
        var integerDigits = 1
        while integerDigits < powers.count, integer >= powers[integerDigits] { integerDigits += 1 }
        self.integerDigits = integerDigits
        self.shownDigits = shownDigits
        self.grouping = grouping
        self.suffix = suffix
        let commas = grouping ? (integerDigits - 1) / 3 : 0
        count =
            (negative ? 1 : 0) + integerDigits + commas + (shownDigits > 0 ? shownDigits + 1 : 0)
            + suffix.utf8.count
    }

    var text: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            write(into: buffer)
            return count
        }
    }

    /// Writes the text into `buffer`, which holds exactly `count` bytes.
    public func write(into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var index = count
        if !suffix.isEmpty {
            var suffix = suffix
            suffix.withUTF8 { utf8 in
                index -= utf8.count
                _ = UnsafeMutableBufferPointer(rebasing: buffer[index...]).update(fromContentsOf: utf8)
            }
        }
        var fraction = fraction
        if shownDigits > 0 {
            for _ in 0..<shownDigits {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
            }
            index -= 1
            buffer[index] = UInt8(ascii: ".")
        }
        var rest = integer
        for written in 0..<integerDigits {
            if grouping, written > 0, written % 3 == 0 {
                index -= 1
                buffer[index] = UInt8(ascii: ",")
            }
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        if negative { buffer[0] = UInt8(ascii: "-") }
    }
}
