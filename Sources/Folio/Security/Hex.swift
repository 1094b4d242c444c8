/// Lowercase hexadecimal, on bytes: the form tokens, their cookie and the
/// secret file all spell bytes this way.
enum Hex {
    /// The lowercase digit of a value below 16, worked out rather than
    /// looked up: a table in a global array costs a lazy-initialization
    /// check and a bounds check per digit, and every view without a cookie
    /// spells about a hundred digits.
    @inline(__always)
    private static func digit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }

    /// Appends `bytes` to `text` as lowercase hex, two digits a byte.
    static func append(_ bytes: some Sequence<UInt8>, to text: inout [UInt8]) {
        for byte in bytes {
            text.append(digit(byte >> 4))
            text.append(digit(byte & 0x0F))
        }
    }

    /// Appends a number that is not negative as lowercase hex without
    /// leading zeros ("0" for zero), as `String(value, radix: 16)` spells it.
    static func append(number value: Int, to text: inout [UInt8]) {
        precondition(value >= 0, "only numbers that are not negative have a hex spelling here")
        var shift = max(0, (Int.bitWidth - value.leadingZeroBitCount - 1) / 4 * 4)
        while shift >= 0 {
            text.append(digit(UInt8((value >> shift) & 0x0F)))
            shift -= 4
        }
    }

    /// Writes `bytes` as lowercase hex to the start of `text`, which has
    /// room for two digits a byte: for callers that must not allocate.
    static func write(_ bytes: UnsafeRawBufferPointer, into text: UnsafeMutableRawBufferPointer) {
        precondition(text.count >= 2 * bytes.count, "no room for the hex digits")
        for (index, byte) in bytes.enumerated() {
            text[2 * index] = digit(byte >> 4)
            text[2 * index + 1] = digit(byte & 0x0F)
        }
    }

    /// `bytes` as lowercase hex, written straight into the string's storage
    /// (one allocation, not an array's and then the string's).
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            var index = 0
            for byte in bytes {
                text[index] = digit(byte >> 4)
                text[index + 1] = digit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    /// The value of one digit, or `nil` when `digit` is not one. Uppercase
    /// digits count only when `uppercase` is true: tokens and cookies are
    /// lowercase, so another spelling of the same bytes is refused there.
    static func value(of digit: UInt8, uppercase: Bool = false) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where uppercase: digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes `text` spells, or `nil` when it has an odd length or a
    /// character that is not a digit.
    static func decode(_ text: some Collection<UInt8>, uppercase: Bool = false) -> [UInt8]? {
        guard text.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        var high: UInt8?
        for digit in text {
            guard let value = value(of: digit, uppercase: uppercase) else { return nil }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}
